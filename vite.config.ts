import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
