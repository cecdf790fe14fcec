import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// The client is built into the Python package, which serves it (ttr/server/static).
export default defineConfig({
  base: './',
  build: {
    outDir: resolve(import.meta.dirname, '../ttr/server/static'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        board: resolve(import.meta.dirname, 'board.html'),
      },
    },
  },
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'preact' },
  },
  server: {
    // the API and WebSocket of a running `ttr serve` (port 8000 by default)
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/ws': { target: 'ws://127.0.0.1:8000', ws: true },
    },
    // the board files live in ../ttr/maps/data
    fs: { allow: [resolve(import.meta.dirname, '..')] },
  },
  test: {
    include: ['tests/**/*.test.ts'],
  },
});
