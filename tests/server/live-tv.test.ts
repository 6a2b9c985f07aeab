import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_EPOCH_MS, type Loop, livePlaylist } from '../../server/modules/live-tv/live-playlist';
import { SEED_MEDIA_DIR } from '../../server/seed/seed';
import { createTestApp, type TestApp } from './helpers/app';

// Issue 8, live TV: the channel list and StudyCam Live, the server's own channel, a recorded loop played
// out as a live HLS stream whose media playlist slides with the clock.

interface Channel {
  _id: string;
  name: string;
  streamUrl: string | null;
  audioStreamUrl: string | null;
  dataPerHourBytes: number | null;
  audioDataPerHourBytes: number | null;
  websiteUrl: string | null;
  logoUrl: string;
}

/** Three 4-second segments: a 12-second loop. */
const LOOP: Loop = {
  segments: [
    { file: 'a.m2t', seconds: 4 },
    { file: 'b.m2t', seconds: 4 },
    { file: 'c.m2t', seconds: 4 },
  ],
  seconds: 12,
  bytes: 3000,
};

interface Parsed {
  sequence: number;
  discontinuitySequence: number;
  files: string[];
  discontinuityBefore: string[];
  dates: string[];
  ended: boolean;
}

function parse(text: string): Parsed {
  const lines = text.trim().split('\n');
  const value = (tag: string) => Number(lines.find((l) => l.startsWith(tag))?.slice(tag.length));
  const files: string[] = [];
  const discontinuityBefore: string[] = [];
  let discontinuity = false;
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
    else if (!line.startsWith('#')) {
      if (discontinuity) discontinuityBefore.push(line);
      files.push(line);
      discontinuity = false;
    }
  }
  return {
    sequence: value('#EXT-X-MEDIA-SEQUENCE:'),
    discontinuitySequence: value('#EXT-X-DISCONTINUITY-SEQUENCE:'),
    files,
    discontinuityBefore,
    dates: lines.filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:')).map((l) => l.slice(25)),
    ended: lines.includes('#EXT-X-ENDLIST'),
  };
}

describe('the live playlist of a recorded loop', () => {
  const at = (seconds: number) => parse(livePlaylist(LOOP, LIVE_EPOCH_MS + seconds * 1000, 4));

  it('lists only segments whose broadcast has ended, and never ends', () => {
    expect(at(3.9)).toMatchObject({ sequence: 0, files: [], ended: false });
    expect(at(4)).toMatchObject({ sequence: 0, files: ['a.m2t'] });
    expect(at(11.9)).toMatchObject({ sequence: 0, files: ['a.m2t', 'b.m2t'] });
  });

  it('slides by one segment every segment duration, keeping a fixed window', () => {
    const before = at(100);
    const after = at(104);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(before.files).toHaveLength(4);
    expect(after.files).toHaveLength(4);
    expect(after.files.slice(0, 3)).toEqual(before.files.slice(1));
    // The same moment gives the same playlist: every viewer is at the same point of the programme.
    expect(livePlaylist(LOOP, LIVE_EPOCH_MS + 100_000, 4)).toBe(
      livePlaylist(LOOP, LIVE_EPOCH_MS + 100_000, 4),
    );
  });

  it('marks each new pass of the loop as a discontinuity and counts the passes already gone', () => {
    // Finished at 28 s: segments 3..6 = b c a(pass 2) b, and pass 2 starts at sequence 6.
    const playlist = at(28);
    expect(playlist.sequence).toBe(3);
    expect(playlist.files).toEqual(['a.m2t', 'b.m2t', 'c.m2t', 'a.m2t']);
    expect(playlist.discontinuityBefore).toEqual(['a.m2t']);
    expect(playlist.discontinuitySequence).toBe(1);
    // Once the window starts on the new pass, its discontinuity is counted in the sequence instead.
    const later = at(40);
    expect(later.sequence).toBe(6);
    expect(later.discontinuitySequence).toBe(2);
    expect(later.discontinuityBefore).toEqual(['a.m2t']);
  });

  it('dates every segment from the loop epoch', () => {
    const playlist = at(28);
    expect(playlist.dates[0]).toBe(new Date(LIVE_EPOCH_MS + 12_000).toISOString());
    expect(playlist.dates[3]).toBe(new Date(LIVE_EPOCH_MS + 24_000).toISOString());
  });
});

describe('live TV routes', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const channels = async () =>
    (await ctx.request<Channel[]>({ method: 'GET', url: '/livetv/channels' })).body;
  const local = (url: string | null) => {
    const parsed = new URL(url ?? 'http://missing/');
    return parsed.pathname;
  };

  it('lists StudyCam Live with both renditions and their data per hour, and the linked channels', async () => {
    const list = await channels();
    const own = list.find((c) => c._id === 'studycam-live');
    expect(own?.streamUrl).toMatch(/\/livetv\/studycam-live\/live\/video\.m3u8$/);
    expect(own?.audioStreamUrl).toMatch(/\/livetv\/studycam-live\/live\/audio\.m3u8$/);
    // Sound only must be the cheaper choice, and both figures are real: bytes of the loop per hour.
    expect(own?.audioDataPerHourBytes).toBeGreaterThan(0);
    expect(own?.dataPerHourBytes).toBeGreaterThan((own?.audioDataPerHourBytes ?? 0) * 2);
    for (const channel of list.filter((c) => c._id !== 'studycam-live')) {
      expect(channel).toMatchObject({ streamUrl: null, audioStreamUrl: null, dataPerHourBytes: null });
      expect(channel.websiteUrl).toMatch(/^https:\/\//);
    }
    expect(list.map((c) => c.name)).toContain('CRTV');
  });

  it('serves a live playlist that moves with the clock, and the segments it lists', async () => {
    const own = (await channels()).find((c) => c._id === 'studycam-live');
    const url = local(own?.streamUrl ?? null);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:01Z'));
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(first.headers['cache-control']).toBe('no-cache');
    vi.setSystemTime(new Date('2026-11-23T10:00:05Z'));
    const second = await ctx.app.inject({ method: 'GET', url });
    const before = parse(first.body);
    const after = parse(second.body);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(before.ended).toBe(false);
    expect(before.files).toHaveLength(6);
    vi.useRealTimers();
    const segment = after.files.at(-1) ?? '';
    const response = await ctx.app.inject({ method: 'GET', url: url.replace('video.m3u8', segment) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp2t');
    const onDisk = readFileSync(join(SEED_MEDIA_DIR, 'live', 'studycam-live', segment));
    expect(response.rawPayload.equals(onDisk)).toBe(true);
    // MPEG transport stream packets start with the 0x47 sync byte every 188 bytes.
    expect(onDisk[0]).toBe(0x47);
    expect(onDisk[188]).toBe(0x47);
  });

  it('serves the sound-only playlist too', async () => {
    const own = (await channels()).find((c) => c._id === 'studycam-live');
    const response = await ctx.app.inject({ method: 'GET', url: local(own?.audioStreamUrl ?? null) });
    expect(response.statusCode).toBe(200);
    expect(parse(response.body).files.every((file) => file.startsWith('audio-'))).toBe(true);
  });

  it('answers 404 for unknown or linked-only channels and files, and 400 for a path outside the folder', async () => {
    for (const url of [
      '/livetv/nope/live/video.m3u8',
      '/livetv/tv-crtv/live/video.m3u8',
      '/livetv/studycam-live/live/other.m3u8',
      '/livetv/studycam-live/live/video-99.m2t',
    ]) {
      const response = await ctx.request({ method: 'GET', url, headers: { 'accept-language': 'fr' } });
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({ success: false, msg: 'Ressource introuvable.' });
    }
    const outside = await ctx.request({ method: 'GET', url: '/livetv/studycam-live/live/..%2Fseed.m2t' });
    expect(outside.status).toBe(400);
  });

  it('documents the new endpoints in the OpenAPI document', async () => {
    const { body } = await ctx.request<{ paths: Record<string, unknown> }>({
      method: 'GET',
      url: '/docs/json',
    });
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/livetv/channels',
        '/livetv/{channelId}/live/{file}',
        '/books/filtered-books',
        '/books/{id}',
        '/books/file/{id}',
      ]),
    );
  });
});
