/**
 * The web UI's build: web/ → dist/web (served by server/http/web-ui.ts). `npm run dev` runs Vite here with hot
 * reload, proxying the APIs to the emulator at MAILCOACH_EMULATOR_URL (default http://127.0.0.1:8088).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const target = process.env.MAILCOACH_EMULATOR_URL ?? 'http://127.0.0.1:8088';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // What the inbox's first load costs is measured (test/bench/ui.ts); the source maps stay beside it.
    sourcemap: true,
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '/_emulator': { target, changeOrigin: false },
      '/api': { target, changeOrigin: false },
    },
  },
});
