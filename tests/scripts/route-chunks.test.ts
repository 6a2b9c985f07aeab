import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { routeChunks, routeScreens } from '../../scripts/route-chunks';
import { ROUTES } from '../../src/app/routes';

// Issue 12: the page's inline script fetches a route's screen with the app's code; the build reads which
// module each route loads from src/app/routes.ts and lists the chunks it needs.

const ROOT = resolve(import.meta.dirname, '../..');
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

const chunk = (fileName: string, module: string | null, imports: string[] = [], css: string[] = []) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId: module === null ? null : join(ROOT, module),
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

describe('the routes read from src/app/routes.ts', () => {
  it('are every route whose screen is imported directly (content areas load through their own loader)', () => {
    const screens = routeScreens(ROOT);
    const patterns = screens.map((screen) => screen.pattern);
    expect(patterns).toContain('/home');
    expect(patterns).toContain('/timetable/:id');
    expect(screens.find((screen) => screen.pattern === '/study-sections')?.module).toBe(
      'src/screens/StudySections',
    );
    const direct = ROUTES.filter((route) => !/content-screens/.test(route.load.toString()));
    expect(new Set(patterns)).toEqual(new Set(direct.map((route) => route.path)));
  });

  it('refuse a route written in a way the reader does not know', () => {
    scratch = mkdtempSync(join(tmpdir(), 'route-chunks-'));
    writeFileSync(
      join(scratch, 'routes.ts'),
      "plain('home', false, () => import('../screens/Home'));\nconst odd = { load: () => import('../screens/Odd') };",
    );
    expect(() => routeScreens(scratch as string, 'routes.ts')).toThrow(/2 screen imports, 1 routes read/);
  });
});

describe("a route's chunks", () => {
  const bundle = (home: Rollup.OutputChunk) =>
    Object.fromEntries(
      [
        chunk('assets/index-1.js', 'src/main.tsx', ['assets/shell-2.js']),
        chunk('assets/shell-2.js', null),
        home,
        chunk('assets/SubjectCard-4.js', null, ['assets/shell-2.js'], ['assets/SubjectCard-4.css']),
        ...routeScreens(ROOT)
          .filter((screen) => screen.pattern !== '/home')
          .map((screen, index) => chunk(`assets/screen-${index}.js`, `${screen.module}/index.tsx`)),
      ].map((c) => [c.fileName, c]),
    ) as Rollup.OutputBundle;

  it("are the screen's chunk, the chunks it imports and their stylesheets, less what is loaded already", () => {
    const home = chunk(
      'assets/Home-3.js',
      'src/screens/Home/index.tsx',
      ['assets/SubjectCard-4.js'],
      ['assets/Home-3.css'],
    );
    const { files, routes } = routeChunks(
      ROOT,
      bundle(home),
      new Set(['assets/index-1.js', 'assets/shell-2.js']),
    );
    expect((routes['/home'] ?? []).map((index) => files[index])).toEqual([
      './assets/Home-3.js',
      './assets/SubjectCard-4.js',
      './assets/Home-3.css',
      './assets/SubjectCard-4.css',
    ]);
  });

  it('fail the build when a screen is not a chunk of its own', () => {
    const merged = chunk('assets/Merged-3.js', null);
    expect(() => routeChunks(ROOT, bundle(merged), new Set())).toThrow(/src\/screens\/Home \(route \/home\)/);
  });
});
