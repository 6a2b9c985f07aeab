/**
 * Which chunks each route's screen needs (issue 12), for the page's inline script to fetch them with the
 * app's code when the app opens on that route, instead of once the entry has run and asked for them. The
 * routes' screens are read from src/app/routes.ts as written there (`plain('home', …, () => import(…))` or
 * `{ path: '/x/:id', …, load: () => import(…) }`); a content area's screen loads through
 * src/screens/content-screens.ts and is left to the entry.
 */
import { readFileSync } from 'node:fs';
import { posix, relative, resolve } from 'node:path';
import type { Rollup } from 'vite';
import { chunkClosure, stylesOf } from './chunk-graph.ts';

/** The id of the JSON block vite.config.ts puts in index.html and scripts/prerender.ts moves into the app's code. */
export const ROUTE_CODE_ID = 'route-code';

export interface RouteScreen {
  /** The route's wouter pattern, e.g. `/home` or `/timetable/:id`. */
  pattern: string;
  /** The screen module as the route imports it, from the project's root, without extension: `src/screens/Home`. */
  module: string;
}

const PLAIN = /plain\(\s*'([\w-]+)',\s*(?:true|false),\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
const OBJECT = /path:\s*'([^']+)',[^}]*?load:\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

export function routeScreens(root: string, routesFile = 'src/app/routes.ts'): RouteScreen[] {
  const source = readFileSync(resolve(root, routesFile), 'utf8');
  const from = posix.dirname(routesFile);
  const screen = (pattern: string, specifier: string) => ({
    pattern,
    module: posix.normalize(posix.join(from, specifier)),
  });
  const screens = [
    ...[...source.matchAll(PLAIN)].map((m) => screen(`/${m[1]}`, m[2] as string)),
    ...[...source.matchAll(OBJECT)].map((m) => screen(m[1] as string, m[2] as string)),
  ];
  // Every screen import but the content areas' loader must have been read: a route written another way
  // would otherwise lose its preload without a word.
  const imports = [...source.matchAll(/import\('([^']+)'\)/g)].filter(
    (m) => !m[1]?.endsWith('content-screens'),
  );
  if (screens.length !== imports.length) {
    throw new Error(`${routesFile}: ${imports.length} screen imports, ${screens.length} routes read`);
  }
  return screens;
}

/** Chunk files as the page lists them (`./assets/…`), by index, and each route's indices. */
export interface RouteChunks {
  files: string[];
  routes: Record<string, number[]>;
}

/**
 * Each route's chunks (and their stylesheets) that the first screen's code does not bring already. Throws
 * when a screen is not a chunk of its own, so the table never silently falls out of step with the routes.
 */
export function routeChunks(
  root: string,
  bundle: Rollup.OutputBundle,
  alreadyLoaded: ReadonlySet<string>,
): RouteChunks {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byModule = new Map<string, Rollup.OutputChunk>();
  for (const chunk of chunks) {
    if (!chunk.facadeModuleId) continue;
    const module = relative(root, chunk.facadeModuleId)
      .split('\\')
      .join('/')
      .replace(/\.[cm]?[jt]sx?$/, '')
      .replace(/\/index$/, '');
    byModule.set(module, chunk);
  }
  const files: string[] = [];
  const indexOf = (file: string) => {
    const href = `./${file}`;
    let index = files.indexOf(href);
    if (index < 0) index = files.push(href) - 1;
    return index;
  };
  const routes: Record<string, number[]> = {};
  for (const { pattern, module } of routeScreens(root)) {
    const screen = byModule.get(module);
    if (!screen) throw new Error(`${module} (route ${pattern}) is not a chunk of its own`);
    const needed = [...chunkClosure(bundle, screen.fileName)].filter((file) => !alreadyLoaded.has(file));
    const css = [...stylesOf(bundle, needed)].filter((file) => !alreadyLoaded.has(file));
    routes[pattern] = [...needed, ...css].map(indexOf);
  }
  return { files, routes };
}
