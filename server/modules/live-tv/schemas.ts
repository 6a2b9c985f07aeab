import { z } from 'zod';
import { bilingual, idSchema } from '../../lib/schemas';

export const channelSchema = z.object({
  _id: z.string(),
  name: z.string(),
  title: bilingual,
  description: bilingual,
  language: z.string().describe("'en', 'fr' or 'bilingual'"),
  logoUrl: z.string(),
  streamUrl: z
    .string()
    .nullable()
    .describe(
      'HLS media playlist with picture and sound; null for a channel that only plays on its own site',
    ),
  audioStreamUrl: z.string().nullable().describe('HLS media playlist with sound only, to save data'),
  dataPerHourBytes: z.number().int().nullable().describe('What an hour of streamUrl costs'),
  audioDataPerHourBytes: z.number().int().nullable().describe('What an hour of audioStreamUrl costs'),
  websiteUrl: z.string().nullable(),
});
export type ChannelJson = z.infer<typeof channelSchema>;

export const liveFileParams = z.object({
  channelId: idSchema,
  // A playlist (video.m3u8, audio.m3u8) or one of its segments: a bare name, never a path.
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,60}\.(m3u8|m2t)$/),
});
