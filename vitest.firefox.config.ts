import { defineConfig } from 'vitest/config';

// Real Firefox (Debian firefox-esr) with the built extension (.output/firefox-mv3), over WebDriver BiDi (#14).
export default defineConfig({
  test: {
    include: ['test/firefox/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    globalSetup: ['test/firefox/global-setup.ts'],
  },
});
