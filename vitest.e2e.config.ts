import { defineConfig } from 'vitest/config';

// Real Chromium with the built extension (.output/chrome-mv3). One file at a time: the machine has 2 cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The 1 s default is too short on a loaded 2-core machine: a run with load average ~10 timed out at 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    globalSetup: ['test/e2e/global-setup.ts'],
  },
});
