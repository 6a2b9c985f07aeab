import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { z } from 'zod';
import { sectionSchema } from '../lib/schemas';

// The manifest that comes with a folder of source lessons (README "Importing lessons"):
//   { "lessons": [ { "file": "quadratics.mp4", "subject": "Mathematics Form 5", "section": "anglophone",
//       "topic": "Quadratic equations", "level": "Form 5",
//       "title": { "en": "The quadratic formula", "fr": "La formule quadratique" },
//       "description": { "en": "…", "fr": "…" },                      (optional)
//       "captions": { "en": "quadratics.en.vtt", "fr": "quadratics.fr.vtt" },   (optional, each optional)
//       "id": "ang-maths-f5-quadratic-formula" } ] }                   (optional: a stable video id)
// Paths are relative to the manifest. Each lesson is checked on its own, so one bad entry fails alone.

export const MANIFEST_FILE = 'manifest.json';

const text = (max: number) => z.string().trim().min(1).max(max);
const bilingualText = (max: number) => z.object({ en: text(max), fr: text(max) });

export const lessonSchema = z.object({
  file: text(500),
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'lowercase letters, digits and "-", at most 80 characters')
    .optional(),
  subject: text(200).describe("the subject's id or its exact title"),
  section: sectionSchema,
  topic: text(200),
  level: text(100),
  title: bilingualText(200),
  description: bilingualText(2_000).optional(),
  captions: z.object({ en: text(500).optional(), fr: text(500).optional() }).optional(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** One entry of the manifest: a lesson to import, or why it cannot be. */
export type ManifestEntry =
  | { readonly ok: true; readonly name: string; readonly lesson: Lesson; readonly source: string }
  | { readonly ok: false; readonly name: string; readonly reason: string };

export interface Manifest {
  readonly path: string;
  readonly entries: readonly ManifestEntry[];
}

/** The manifest is unusable as a whole (missing, not JSON, no lessons list): nothing can be imported. */
export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'entry'}: ${issue.message}`)
    .join('; ');
}

/** Reads `<folder>/manifest.json`, or the manifest file given, and checks each lesson. */
export function loadManifest(folderOrManifest: string): Manifest {
  const given = resolve(folderOrManifest);
  if (!existsSync(given)) throw new ManifestError(`${folderOrManifest} does not exist.`);
  const path = statSync(given).isDirectory() ? join(given, MANIFEST_FILE) : given;
  if (!existsSync(path)) {
    throw new ManifestError(`No ${MANIFEST_FILE} in ${folderOrManifest} (see README, "Importing lessons").`);
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ManifestError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const lessons = (json as { lessons?: unknown } | null)?.lessons;
  if (!Array.isArray(lessons)) throw new ManifestError(`${path} has no "lessons" list.`);
  const folder = dirname(path);
  const entries = lessons.map((raw, index): ManifestEntry => {
    const file = (raw as { file?: unknown } | null)?.file;
    const name = typeof file === 'string' && file.trim() !== '' ? file.trim() : `lesson ${index + 1}`;
    const parsed = lessonSchema.safeParse(raw);
    if (!parsed.success)
      return { ok: false, name, reason: `invalid manifest entry (${describeIssues(parsed.error)})` };
    const source = resolve(folder, parsed.data.file);
    if (!existsSync(source) || !statSync(source).isFile()) {
      return { ok: false, name, reason: 'the file does not exist' };
    }
    for (const [lang, caption] of Object.entries(parsed.data.captions ?? {})) {
      if (caption !== undefined && !existsSync(resolve(folder, caption))) {
        return { ok: false, name, reason: `the ${lang} captions file ${caption} does not exist` };
      }
    }
    return { ok: true, name, lesson: parsed.data, source };
  });
  return { path, entries };
}

/** Caption paths of a lesson, resolved against the manifest's folder. */
export function captionSources(manifest: Manifest, lesson: Lesson): { en?: string; fr?: string } {
  const folder = dirname(manifest.path);
  const sources: { en?: string; fr?: string } = {};
  if (lesson.captions?.en) sources.en = resolve(folder, lesson.captions.en);
  if (lesson.captions?.fr) sources.fr = resolve(folder, lesson.captions.fr);
  return sources;
}

/** A readable, stable id part from a file name: "Équations du 2nd degré.mp4" → "equations-du-2nd-degre". */
export function slugOf(file: string): string {
  return basename(file, extname(file))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}
