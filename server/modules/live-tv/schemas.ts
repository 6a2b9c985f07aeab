import { z } from 'zod';
import { idSchema } from '../../../contract/common';

/** The channels' shape comes from the contract; the live playlists' files are the server's own. */
export { channelSchema, type LiveTvChannel as ChannelJson } from '../../../contract/live-tv';

export const liveFileParams = z.object({
  channelId: idSchema,
  // A playlist (video.m3u8, audio.m3u8) or one of its segments: a bare name, never a path.
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,60}\.(m3u8|m2t)$/),
});
