import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Db } from '../lib/db';
import {
  CAPTION_LANGUAGES,
  type CaptionLanguage,
  captionFile,
  QUALITIES,
  renditionFile,
  thumbnailFiles,
} from '../lib/media-files';
import { MediaError, type MediaTools } from './ffmpeg';
import { LADDER_VERSION } from './ladder';
import { captionSources, type Lesson, loadManifest, type Manifest, slugOf } from './manifest';
import { findSubject, previousImport, registerLesson, stemInUse } from './register';
import { type TranscodeStep, transcodeLesson } from './transcode-lesson';

export type LessonOutcome = 'imported' | 'updated' | 'unchanged';

/** What the import tells whoever runs it (the CLI prints it; tests record it). */
export interface ImportReporter {
  lessonStarted(position: number, total: number, name: string): void;
  stepProgress(position: number, total: number, name: string, step: TranscodeStep, percent: number): void;
  stepReused(position: number, total: number, name: string, step: TranscodeStep): void;
  lessonDone(position: number, total: number, name: string, outcome: LessonOutcome, videoId: string): void;
  lessonFailed(position: number, total: number, name: string, reason: string): void;
}

export interface ImportSummary {
  readonly manifest: string;
  readonly done: readonly { name: string; videoId: string; outcome: LessonOutcome }[];
  readonly failed: readonly { name: string; reason: string }[];
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A caption file's text, if it is WebVTT; a byte-order mark is dropped (browsers choke on some). */
function readCaption(file: string, lang: CaptionLanguage): string {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  if (!/^WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text)) {
    throw new MediaError(
      `the ${lang} captions file ${basename(file)} is not WebVTT (it must start with "WEBVTT")`,
    );
  }
  return text;
}

function writeAtomically(path: string, content: string): void {
  writeFileSync(`${path}.part`, content);
  renameSync(`${path}.part`, path);
}

function removeStemFiles(mediaDir: string, stem: string): void {
  for (const quality of QUALITIES)
    rmSync(join(mediaDir, 'videos', renditionFile(stem, quality)), { force: true });
  for (const lang of CAPTION_LANGUAGES)
    rmSync(join(mediaDir, 'videos', captionFile(stem, lang)), { force: true });
  for (const file of thumbnailFiles(stem)) rmSync(join(mediaDir, 'thumbnails', file), { force: true });
}

const stemFilesExist = (mediaDir: string, stem: string) =>
  QUALITIES.every((quality) => existsSync(join(mediaDir, 'videos', renditionFile(stem, quality)))) &&
  thumbnailFiles(stem).every((file) => existsSync(join(mediaDir, 'thumbnails', file)));

function defaultVideoId(subjectId: string, lesson: Lesson, sha: string): string {
  const slug = slugOf(lesson.file) || sha.slice(0, 12);
  return `${subjectId}-${slug}`.slice(0, 80).replace(/-+$/, '');
}

interface LessonContext {
  readonly db: Db;
  readonly tools: MediaTools;
  readonly mediaDir: string;
  readonly manifest: Manifest;
  readonly report: (step: TranscodeStep, percent: number, reused: boolean) => void;
  readonly claimed: Set<string>;
  readonly signal: AbortSignal | undefined;
}

async function importLesson(
  context: LessonContext,
  lesson: Lesson,
  source: string,
): Promise<{ outcome: LessonOutcome; videoId: string }> {
  const { db, mediaDir } = context;
  const subject = await findSubject(db, lesson.subject);
  if (!subject) throw new MediaError(`unknown subject "${lesson.subject}" (give its id or its exact title)`);
  if (subject.section !== lesson.section) {
    throw new MediaError(
      `the subject "${subject.title}" is in section ${subject.section}, not ${lesson.section}`,
    );
  }
  const sha = await sha256Of(source);
  const captions: Partial<Record<CaptionLanguage, string>> = {};
  for (const [lang, file] of Object.entries(captionSources(context.manifest, lesson)) as [
    CaptionLanguage,
    string,
  ][]) {
    captions[lang] = readCaption(file, lang);
  }
  const videoId = lesson.id ?? defaultVideoId(subject.id, lesson, sha);
  if (context.claimed.has(videoId))
    throw new MediaError(`an earlier lesson of this manifest already is video ${videoId}`);
  context.claimed.add(videoId);

  const stem = `${videoId}-${sha.slice(0, 10)}`;
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        ladder: LADDER_VERSION,
        sha,
        captions,
        lesson: { ...lesson, file: basename(lesson.file) },
        subject: subject.id,
      }),
    )
    .digest('hex');
  const previous = await previousImport(db, videoId);
  if (previous?.fingerprint === fingerprint && stemFilesExist(mediaDir, stem)) {
    return { outcome: 'unchanged', videoId };
  }

  const transcoded = await transcodeLesson({
    tools: context.tools,
    source,
    stem,
    mediaDir,
    onProgress: ({ step, percent, reused }) => context.report(step, percent, reused),
    ...(context.signal ? { signal: context.signal } : {}),
  });
  const captionRows = Object.entries(captions).map(([lang, text]) => {
    const file = captionFile(stem, lang as CaptionLanguage);
    writeAtomically(join(mediaDir, 'videos', file), text);
    return { lang: lang as CaptionLanguage, file };
  });
  await registerLesson(db, {
    videoId,
    subjectId: subject.id,
    section: lesson.section,
    topic: lesson.topic,
    level: lesson.level,
    title: lesson.title,
    description: lesson.description ?? lesson.title,
    stem,
    thumbnailUrl: `/media/thumbnails/${transcoded.thumbnail}`,
    durationSeconds: transcoded.durationSeconds,
    renditions: transcoded.renditions,
    captions: captionRows,
    sourceName: basename(source),
    sourceSha256: sha,
    fingerprint,
  });
  // The lesson's earlier files (another source, or captions since removed) go once nothing uses them.
  if (previous && previous.stem !== stem && !(await stemInUse(db, previous.stem)))
    removeStemFiles(mediaDir, previous.stem);
  for (const lang of CAPTION_LANGUAGES) {
    if (captions[lang] === undefined)
      rmSync(join(mediaDir, 'videos', captionFile(stem, lang)), { force: true });
  }
  return { outcome: previous ? 'updated' : 'imported', videoId };
}

/**
 * Imports every lesson of a manifest (or of `<folder>/manifest.json`), one after the other. A lesson that
 * cannot be imported is reported by name and the others go on; running it again imports nothing twice and
 * resumes an interrupted run from the renditions already written.
 */
export async function runImport(options: {
  db: Db;
  tools: MediaTools;
  /** Where imported media go: <mediaDir>/videos and <mediaDir>/thumbnails (the server serves both). */
  mediaDir: string;
  source: string;
  reporter: ImportReporter;
  signal?: AbortSignal;
}): Promise<ImportSummary> {
  const manifest = loadManifest(options.source);
  const total = manifest.entries.length;
  const done: { name: string; videoId: string; outcome: LessonOutcome }[] = [];
  const failed: { name: string; reason: string }[] = [];
  const claimed = new Set<string>();
  for (const [index, entry] of manifest.entries.entries()) {
    const position = index + 1;
    options.reporter.lessonStarted(position, total, entry.name);
    if (!entry.ok) {
      failed.push({ name: entry.name, reason: entry.reason });
      options.reporter.lessonFailed(position, total, entry.name, entry.reason);
      continue;
    }
    try {
      const result = await importLesson(
        {
          db: options.db,
          tools: options.tools,
          mediaDir: options.mediaDir,
          manifest,
          claimed,
          signal: options.signal,
          report: (step, percent, reused) =>
            reused
              ? options.reporter.stepReused(position, total, entry.name, step)
              : options.reporter.stepProgress(position, total, entry.name, step, percent),
        },
        entry.lesson,
        entry.source,
      );
      done.push({ name: entry.name, ...result });
      options.reporter.lessonDone(position, total, entry.name, result.outcome, result.videoId);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // A lesson ffmpeg cannot read is that lesson's problem; a database failure stops the run.
      if (!(error instanceof MediaError)) throw error;
      failed.push({ name: entry.name, reason: error.message });
      options.reporter.lessonFailed(position, total, entry.name, error.message);
    }
  }
  return { manifest: manifest.path, done, failed };
}
