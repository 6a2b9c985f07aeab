import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaTools } from '../../../server/content-import/ffmpeg';
import type { Db } from '../../../server/lib/db';

// Source lessons the content import tests make with ffmpeg, a few seconds each (issue 11: "tested on small
// files that the test makes"), and their manifests.

export type SourceName = 'a.mp4' | 'b.mp4' | 'silent.mp4';

const SOURCES: Record<SourceName, string[]> = {
  // 3 s, 640×480, with sound.
  'a.mp4': [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x480:rate=25:duration=3',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=3',
    '-crf',
    '20',
  ],
  // 8 s of a busy 720p pattern: long enough to be interrupted mid-transcode.
  'b.mp4': [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=8',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=8',
    '-crf',
    '18',
  ],
  // No sound and smaller than 360p: the import never upscales and needs no audio.
  'silent.mp4': ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2'],
};

/** Writes the sources asked for, a broken "video", and caption files (one with a byte-order mark, one not WebVTT). */
export function makeLessonSources(tools: MediaTools, folder: string, videos: readonly SourceName[]): void {
  mkdirSync(folder, { recursive: true });
  for (const name of videos) {
    const args = SOURCES[name];
    const audio = args.some((arg) => arg.startsWith('sine='));
    execFileSync(tools.ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...args,
      '-c:v',
      'libx264',
      ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
      join(folder, name),
    ]);
  }
  writeFileSync(join(folder, 'broken.mp4'), Buffer.from('this is not a video, only bytes named like one'));
  writeFileSync(join(folder, 'a.en.vtt'), 'WEBVTT\n\n00:00.000 --> 00:02.000\nThe quadratic formula\n');
  writeFileSync(
    join(folder, 'a.fr.vtt'),
    '\uFEFFWEBVTT\n\n00:00.000 --> 00:02.000\nLa formule quadratique\n',
  );
  writeFileSync(join(folder, 'bad.vtt'), '1\n00:00:00,000 --> 00:00:02,000\nSubRip, not WebVTT\n');
}

/** A manifest entry for Mathematics Form 5, with `extra` fields. */
export function lesson(file: string, extra: Record<string, unknown> = {}) {
  return {
    file,
    subject: 'Mathematics Form 5',
    section: 'anglophone',
    topic: 'Quadratic equations',
    level: 'Form 5',
    title: { en: `Lesson ${file}`, fr: `Leçon ${file}` },
    ...extra,
  };
}

export function writeManifest(folder: string, lessons: unknown[]): string {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify({ lessons }, null, 2));
  return folder;
}

export const count = async (db: Db, sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
