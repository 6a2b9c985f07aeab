/**
 * The built bundle's chunk graph as the build's preload plugins (vite.config.ts) and the route table
 * (scripts/route-chunks.ts) read it: which chunks a chunk needs before it can run, and their stylesheets.
 */
import type { Rollup } from 'vite';

/**
 * The chunk and every chunk it imports statically, directly or not (dynamic imports load later), depth
 * first in import order: the order the page lists them for preloading.
 */
export function chunkClosure(bundle: Rollup.OutputBundle, fileName: string): Set<string> {
  const closure = new Set<string>();
  const pending = [fileName];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (closure.has(file)) continue;
    closure.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') pending.push(...[...chunk.imports].reverse());
  }
  return closure;
}

/** The stylesheets Vite links for these chunks, each once. */
export function stylesOf(bundle: Rollup.OutputBundle, files: Iterable<string>): Set<string> {
  const styles = new Set<string>();
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
  }
  return styles;
}
