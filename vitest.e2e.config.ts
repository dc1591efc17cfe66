import { defineConfig } from 'vitest/config';

// Real Chromium with the built extension (.output/chrome-mv3). One file at a time: the machine has 2 cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['test/e2e/global-setup.ts'],
  },
});
