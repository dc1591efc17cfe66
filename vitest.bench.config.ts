import { defineConfig } from 'vitest/config';

// Benchmarks that run the real pipeline code in Node (fake IndexedDB) and print numbers (#4 bench:tokens).
export default defineConfig({
  test: {
    include: ['bench/**/*.run.ts'],
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 600_000,
  },
});
