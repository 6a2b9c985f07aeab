import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A recorded HLS rendition played as if it were live: the media playlist lists the last few segments that
 * "have been broadcast" by now, on a loop that started at a fixed moment, so every viewer sees the same
 * point of the programme and the playlist slides forward with the clock like a real live playlist.
 */

export interface LoopSegment {
  file: string;
  seconds: number;
}

export interface Loop {
  segments: readonly LoopSegment[];
  /** Sum of the segments' durations. */
  seconds: number;
  /** Sum of the segments' sizes: what one pass of the loop costs a viewer. */
  bytes: number;
}

/** The moment the loop started playing: a fixed date, so the schedule is the same on every server. */
export const LIVE_EPOCH_MS = Date.UTC(2026, 0, 1);
/** Segments listed in each playlist: about 24 s, a common live window. */
export const LIVE_WINDOW = 6;

/** Reads a VOD media playlist (as ffmpeg writes it) and its segments' sizes. */
export function loadLoop(dir: string, playlist: string): Loop {
  const lines = readFileSync(join(dir, playlist), 'utf8').split(/\r?\n/);
  const segments: LoopSegment[] = [];
  let pending: number | null = null;
  for (const line of lines) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) pending = Number(extinf[1]);
    else if (line !== '' && !line.startsWith('#') && pending !== null) {
      segments.push({ file: line.trim(), seconds: pending });
      pending = null;
    }
  }
  if (segments.length === 0) throw new Error(`${playlist} in ${dir} lists no segment`);
  return {
    segments,
    seconds: segments.reduce((sum, segment) => sum + segment.seconds, 0),
    bytes: segments.reduce((sum, segment) => sum + statSync(join(dir, segment.file)).size, 0),
  };
}

/** Bytes one hour of this loop costs a viewer. */
export const bytesPerHour = (loop: Loop): number => Math.round((loop.bytes / loop.seconds) * 3600);

/** The live media playlist at `nowMs`: the last `window` segments whose broadcast has ended. */
export function livePlaylist(
  loop: Loop,
  nowMs: number,
  window = LIVE_WINDOW,
  epochMs = LIVE_EPOCH_MS,
): string {
  const count = loop.segments.length;
  const starts: number[] = [];
  let at = 0;
  for (const segment of loop.segments) {
    starts.push(at);
    at += segment.seconds;
  }
  const elapsed = Math.max(0, (nowMs - epochMs) / 1000);
  const loops = Math.floor(elapsed / loop.seconds);
  const within = elapsed - loops * loop.seconds;
  const doneInLoop = loop.segments.filter(
    (_, i) => (starts[i] ?? 0) + (loop.segments[i]?.seconds ?? 0) <= within,
  ).length;
  // Sequence numbers count every segment broadcast since the epoch; the window ends at the last finished.
  const finished = loops * count + doneInLoop;
  const first = Math.max(0, finished - window);
  const target = Math.max(...loop.segments.map((segment) => Math.round(segment.seconds)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // Each pass of the loop restarts the timestamps: one discontinuity per pass, counted from the epoch.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / count)}`,
  ];
  for (let sequence = first; sequence < finished; sequence++) {
    const index = sequence % count;
    const segment = loop.segments[index] as LoopSegment;
    if (index === 0 && sequence !== first && sequence > 0) lines.push('#EXT-X-DISCONTINUITY');
    const startMs = epochMs + (Math.floor(sequence / count) * loop.seconds + (starts[index] ?? 0)) * 1000;
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(startMs).toISOString()}`);
    lines.push(`#EXTINF:${segment.seconds.toFixed(3)},`);
    lines.push(segment.file);
  }
  return `${lines.join('\n')}\n`;
}
