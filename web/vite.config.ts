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
        board: resolve(import.meta.dirname, 'board.html'),
      },
    },
  },
  server: {
    // the board files live in ../ttr/maps/data
    fs: { allow: [resolve(import.meta.dirname, '..')] },
  },
  test: {
    include: ['tests/**/*.test.ts'],
  },
});
