/**
 * Citations of documents that are not in the repository. A comment or a README that names a markdown file
 * the repository does not have, or links out of it into the product briefing's folder, sends a reader of a
 * clone nowhere (docs/style.md 14). So every file name ending in `.md` that a source or markdown file of the
 * repository writes must be one of its documents, found relative to the citing file or to the repository's
 * root (a bare file name may be any document of that name); a relative path into the briefing's `shared`
 * folder, and the briefing's short name for the product rules cited without `.md` (followed by a section
 * sign, a possessive, a colon or a slash), count as broken too. Identifiers of that name are not citations.
 * `npx tsx scripts/doc-citations.ts` prints each one and exits 1 when there is any;
 * tests/scripts/doc-citations.test.ts fails on a new one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files whose comments and prose are read: source, scripts and markdown (not data, not the lock file). */
const SCANNED = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|html|css|ya?ml|sh)$|^\.ci\/[^/.]+$/;

/** A path ending in `.md`, optionally `./` or `../` first and an `#anchor` after. */
const MD_REFERENCE = /(?<![\w/.@-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)(?![\w-])/g;
/** The briefing's short name cited without `.md` (before a section sign, a possessive, a colon, a slash). */
const BARE_BRIEFING = /(?<![\w/.-])SPEC(?=\s*§|'s\b|'d\b|:|\/)/g;
const OUTSIDE = /\.\.\/shared\b/g;
/** Addresses on the web name their own files; they are not the repository's. */
const URL = /\b[a-z][a-z+.-]*:\/\/\S+/gi;

export interface Citation {
  file: string;
  line: number;
  cited: string;
}

/** The files worth reading, relative to `root`: tracked, or new and not ignored (a file about to be added). */
export function scannedFiles(root: string): string[] {
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && SCANNED.test(file));
}

/** Whether `cited`, written in `file`, names one of the `documents` (paths relative to the root). */
export function resolves(cited: string, file: string, documents: ReadonlySet<string>): boolean {
  const candidates = [normalize(join(dirname(file), cited)), normalize(cited)];
  if (candidates.some((path) => documents.has(path))) return true;
  if (cited.includes('/')) return false;
  return [...documents].some((document) => basename(document) === cited);
}

/** The citations in one file's text that lead outside the repository. */
export function brokenCitations(text: string, file: string, documents: ReadonlySet<string>): Citation[] {
  const broken: Citation[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(URL, '');
    const found = (cited: string) => broken.push({ file, line: index + 1, cited });
    for (const [, cited] of line.matchAll(MD_REFERENCE)) {
      if (cited !== undefined && !resolves(cited, file, documents)) found(cited);
    }
    for (const [cited] of line.matchAll(OUTSIDE)) found(cited);
    for (const [cited] of line.matchAll(BARE_BRIEFING)) found(cited);
  });
  return broken;
}

/** Every broken citation of the repository at `root`. */
export function repositoryCitations(root: string): Citation[] {
  const files = scannedFiles(root);
  const documents = new Set(files.filter((file) => file.endsWith('.md')));
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      return []; // tracked but deleted in the work tree
    }
    return brokenCitations(text, file, documents);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const broken = repositoryCitations(process.cwd());
  for (const { file, line, cited } of broken) console.log(`${file}:${line}: ${cited}`);
  console.log(`${broken.length} citation(s) of documents not in the repository`);
  if (broken.length > 0) process.exitCode = 1;
}
