import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * After a production build, the service worker is bundled and given the precache manifest (scripts/build-sw.ts),
 * then the text files get pre-compressed siblings (scripts/precompress.ts).
 */
function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'study-cam:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const { buildServiceWorker } = await import('./scripts/build-sw.ts');
        const { count, size, warnings } = await buildServiceWorker(outDir);
        for (const warning of warnings) this.warn(warning);
        this.info(`service worker: ${count} files precached, ${(size / 1024).toFixed(1)} KiB`);
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
  plugins: [react(), serviceWorker()],
  // Relative base so the same build runs from the server's root, a sub-path, and the Capacitor shell.
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    // Read by scripts/size-report.ts to measure what each route downloads.
    manifest: true,
  },
});
