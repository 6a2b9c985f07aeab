import { existsSync } from 'node:fs';
import { join } from 'node:path';
import send from '@fastify/send';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { SEED_MEDIA_DIR } from '../../lib/media-roots';
import { publicOrigin } from '../../lib/public-origin';
import { prepareJson, sendPreparedJson } from '../../lib/response-cache';
import { failures } from '../../lib/schemas';
import { sendFile } from '../../lib/send-file';
import { bytesPerHour, type Loop, livePlaylist, loadLoop } from './live-playlist';
import { type ChannelRow, listChannelRows } from './queries';
import { type ChannelJson, channelSchema, liveFileParams } from './schemas';

const LIVE_DIR = join(SEED_MEDIA_DIR, 'live');

// Segments are MPEG transport streams named .m2t (a .ts name would read as TypeScript to the toolchain).
send.mime.define({ 'video/mp2t': ['m2t'] }, true);
const RENDITIONS = { video: 'video.m3u8', audio: 'audio.m3u8' } as const;
type Rendition = keyof typeof RENDITIONS;

/** A live playlist changes every segment: players must ask again each time. Sent as bytes, not JSON. */
function sendPlaylist(reply: FastifyReply, playlist: string) {
  return reply
    .header('cache-control', 'no-cache')
    .type('application/vnd.apple.mpegurl')
    .send(Buffer.from(playlist));
}

const liveTvRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['live-tv'];

  // A channel's recorded renditions, read from disk once (null when the channel has none).
  const loops = new Map<string, Loop | null>();
  const loopOf = (channelId: string, rendition: Rendition): Loop | null => {
    const key = `${channelId}/${rendition}`;
    if (!loops.has(key)) {
      const dir = join(LIVE_DIR, channelId);
      loops.set(
        key,
        existsSync(join(dir, RENDITIONS[rendition])) ? loadLoop(dir, RENDITIONS[rendition]) : null,
      );
    }
    return loops.get(key) ?? null;
  };

  const present = (row: ChannelRow, origin: string): ChannelJson => {
    const common = {
      _id: row.id,
      name: row.name,
      title: { en: row.title_en, fr: row.title_fr },
      description: { en: row.description_en, fr: row.description_fr },
      language: row.language,
      logoUrl: `${origin}${row.logo_url}`,
      websiteUrl: row.website_url,
    };
    if (row.local_stream) {
      const video = loopOf(row.id, 'video');
      const audio = loopOf(row.id, 'audio');
      const url = (rendition: Rendition) =>
        `${origin}/livetv/${encodeURIComponent(row.id)}/live/${RENDITIONS[rendition]}`;
      return {
        ...common,
        streamUrl: video ? url('video') : null,
        audioStreamUrl: audio ? url('audio') : null,
        dataPerHourBytes: video ? bytesPerHour(video) : null,
        audioDataPerHourBytes: audio ? bytesPerHour(audio) : null,
      };
    }
    const perHour = (kbps: number | null) => (kbps === null ? null : Math.round((kbps * 1000 * 3600) / 8));
    return {
      ...common,
      streamUrl: row.stream_url,
      audioStreamUrl: row.audio_stream_url,
      dataPerHourBytes: row.stream_url === null ? null : perHour(row.video_kbps),
      audioDataPerHourBytes: row.audio_stream_url === null ? null : perHour(row.audio_kbps),
    };
  };

  const channelRows = () => app.responseCache.get('livetv|rows', () => listChannelRows(app.db));

  app.get(
    '/livetv/channels',
    {
      schema: {
        tags,
        description:
          'Live TV channels. Those with a streamUrl play in the app (HLS); the others link to their own site. StudyCam Live is played out by this server.',
        response: { 200: z.array(channelSchema) },
      },
    },
    async (request, reply) => {
      const origin = publicOrigin(request);
      const json = await app.responseCache.get(`livetv|json|${origin}`, async () =>
        prepareJson((await channelRows()).map((row) => present(row, origin))),
      );
      return sendPreparedJson(request, reply, json);
    },
  );

  app.get(
    '/livetv/:channelId/live/:file',
    {
      schema: {
        tags,
        description:
          'A channel played out by this server: `video.m3u8` or `audio.m3u8`, a live HLS media playlist that slides with the clock (a recorded loop, with a discontinuity at each pass), or one of the segments it lists.',
        params: liveFileParams,
        response: failures(400, 404, 416),
      },
    },
    async (request, reply) => {
      const { channelId, file } = request.params;
      const row = (await channelRows()).find((channel) => channel.id === channelId && channel.local_stream);
      if (row === undefined) throw new HttpError(404, 'notFound');
      if (file.endsWith('.m3u8')) {
        const rendition = (Object.keys(RENDITIONS) as Rendition[]).find((r) => RENDITIONS[r] === file);
        const loop = rendition === undefined ? null : loopOf(channelId, rendition);
        if (loop === null) throw new HttpError(404, 'notFound');
        return sendPlaylist(reply, livePlaylist(loop, Date.now()));
      }
      // Segments never change: any cache may keep them.
      return sendFile(request, reply, join(LIVE_DIR, channelId), file, 'public, max-age=86400');
    },
  );
};

export default liveTvRoutes;
