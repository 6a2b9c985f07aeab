import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { chunkClosure, stylesOf } from './scripts/chunk-graph.ts';
import { ROUTE_CODE_ID, routeChunks } from './scripts/route-chunks.ts';
import { dictionaryVersions } from './server/lib/dictionary-version.ts';

/** Each dictionary's version, for the app's code to ask for that very file (src/services/dictionaries.ts). */
const DICTIONARY_VERSIONS = dictionaryVersions(resolve(import.meta.dirname, 'public'));

/** The screen the default route shows: its code is fetched alongside the entry, not after it has run. */
const FIRST_SCREEN = 'src/screens/Landing/index.tsx';
/**
 * The root actors' chunk and the screens' data machine (issue 12): the landing as served hydrates without
 * them, any other first render waits for them. Listed apart (`data-actors`), for the page's inline script
 * to fetch them with the app's code only when the page is not that landing (scripts/prerender.ts).
 */
const ROOT_ACTORS = ['src/app/start-app-actors.ts', 'src/app/resource-actor.ts'];

/**
 * The landing chunk is otherwise requested only once the entry has run and the dictionary has arrived: a
 * chain of three round trips before the first screen. Its JS (and the shared chunks it imports) is
 * modulepreloaded and its CSS preloaded from index.html, so all of it downloads in parallel with the entry.
 */
function preloadFirstScreen(): Plugin {
  let root = process.cwd();
  return {
    name: 'study-cam:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const chunkOf = (module: string) => {
          const found = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!found) throw new Error(`${module} is not a chunk of its own: cannot preload it`);
          return found;
        };
        const screen = chunkOf(FIRST_SCREEN);
        const closure = (chunk: Rollup.OutputChunk) => chunkClosure(bundle, chunk.fileName);
        const alreadyLoaded = closure(entry);
        const js = [...closure(screen)].filter((file) => !alreadyLoaded.has(file));
        const actors = new Set(ROOT_ACTORS.flatMap((module) => [...closure(chunkOf(module))]));
        const actorsJs = [...actors].filter((file) => !alreadyLoaded.has(file) && !js.includes(file));
        const css = stylesOf(bundle, js);
        const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({
          tag: 'link',
          // Vite's lazy loader asks for scripts and styles with crossorigin: the same mode reuses the preload.
          attrs: { ...attrs, crossorigin: true },
          injectTo: 'head',
        });
        // Another route's screen, when the app opens on it: the page's inline script fetches it with the rest.
        // The landing's own chunks are not counted as loaded: a visit that opens on another route does not
        // fetch them (issue 19: four requests a lesson's first frame does not need), so a route that shares
        // one lists it itself.
        const routes = routeChunks(root, bundle, new Set([...alreadyLoaded, ...actorsJs, ...css]));
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: ROUTE_CODE_ID },
            children: JSON.stringify(routes),
            injectTo: 'head',
          },
          // The landing's own chunks, marked: a visit that opens on another route does not fetch them.
          ...js.map((file) => link({ rel: 'modulepreload', href: `./${file}`, 'data-landing': true })),
          ...actorsJs.map((file) => link({ rel: 'modulepreload', href: `./${file}`, 'data-actors': true })),
          ...[...css].map((file) => link({ rel: 'preload', as: 'style', href: `./${file}` })),
        ];
      },
    },
  };
}

/**
 * A lazy chunk's preload list, minus what the importing chunk has loaded already: a route loaded from the
 * entry need not name React, the router or the app's machines again, and every route's list is part of the
 * first screen's script. Vite asks `resolveDependencies` while it writes the bundle; the bundle itself is
 * captured just before.
 */
function preloadOnlyWhatIsMissing() {
  let bundle: Rollup.OutputBundle = {};
  const closures = new Map<string, Set<string>>();
  const staticClosure = (file: string): Set<string> => {
    let closure = closures.get(file);
    if (closure) return closure;
    closure = chunkClosure(bundle, file);
    closures.set(file, closure);
    return closure;
  };
  const plugin: Plugin = {
    name: 'study-cam:preload-only-what-is-missing',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        closures.clear();
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], context: { hostId: string }) => {
    const loaded = staticClosure(context.hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}

const preloads = preloadOnlyWhatIsMissing();

/**
 * After a production build, the first screen is prerendered in both languages (scripts/prerender.ts), the
 * service worker is bundled and given the precache manifest (scripts/build-sw.ts), then the text files get
 * pre-compressed siblings (scripts/precompress.ts).
 */
function serviceWorker(): Plugin {
  let outDir = 'dist';
  let apiBaseUrl = '';
  return {
    name: 'study-cam:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      // The page's inline script asks for the first screen's list where the app's client would (issue 19).
      const configured: unknown = config.env.VITE_API_BASE_URL;
      apiBaseUrl = typeof configured === 'string' ? configured : '';
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const { prerenderFirstScreen } = await import('./scripts/prerender.ts');
        const prerendered = await prerenderFirstScreen(outDir, { apiBaseUrl });
        this.info(`prerendered ${prerendered.pages.join(', ')}: ${prerendered.bytes} bytes`);
        const { buildServiceWorker } = await import('./scripts/build-sw.ts');
        const { count, size, warnings } = await buildServiceWorker(outDir);
        for (const warning of warnings) this.warn(warning);
        this.info(
          `service worker: ${count} files listed, ${(size / 1024).toFixed(1)} KiB (the language packs: one language a device)`,
        );
        // After the worker, so sw.js gets its compressed siblings too.
        const { precompress } = await import('./scripts/precompress.ts');
        const packed = precompress(outDir);
        this.info(
          `precompressed ${packed.files} files: ${packed.bytes} → ${packed.brotliBytes} bytes (brotli)`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadFirstScreen(), preloads.plugin, serviceWorker()],
  define: { __DICTIONARY_VERSIONS__: JSON.stringify(DICTIONARY_VERSIONS) },
  // Relative base so the same build runs from the server's root, a sub-path, and the Capacitor shell.
  base: './',
  resolve: {
    // @xstate/react, react-i18next and wouter import use-sync-external-store's shim, which carries its own
    // copy of the hook for React 17 and older; React 19 has it (src/app/use-sync-external-store.ts), and
    // the package's plain with-selector uses React's own.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: resolve(import.meta.dirname, 'src/app/use-sync-external-store.ts'),
      },
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    // Read by scripts/size-report.ts to measure what each route downloads.
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every screen needs (React, i18n, the router and the shell's context) is one chunk the entry
          // loads. Left to itself the bundler splits it by which lazy chunks share each part, and every extra
          // chunk costs the landing route bytes. XState with the machines' shared pieces is another, which the
          // landing hydrates without (issue 12): the root actors' chunk and every other screen import it.
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|wouter)[\\/]|src[\\/]app[\\/]actors-context/,
            },
            {
              name: 'statecharts',
              test: /node_modules[\\/](xstate|@xstate[\\/]react|use-isomorphic-layout-effect)[\\/]|machines[\\/]notProvided/,
            },
          ],
        },
      },
    },
  },
});
