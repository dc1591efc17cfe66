import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { blockIntroHashes } from './scripts/locales';

// Where the unit suite's time went (#33, `npm run test:unit:profile`): every file paid for happy-dom and for a
// setup file that imported the background's index host (30 modules, 0.5–1 s a file on a loaded 2-core machine)
// whether it used them or not. A DOM now comes only with the folders whose code reads one (the UI, the page
// readers, capture and insertion, which run in a page); the rest run in Node, as the background and the pure core
// do. A file elsewhere that needs a DOM says so with `// @vitest-environment happy-dom` and why.
const DOM = [
  'components/**/*.test.{ts,tsx}',
  'entrypoints/**/*.test.{ts,tsx}',
  'lib/capture/**/*.test.ts',
  'lib/inject/**/*.test.ts',
  'lib/page/**/*.test.ts',
  'lib/sites/**/*.test.ts',
];
const ALL = [
  'lib/**/*.test.ts',
  'components/**/*.test.{ts,tsx}',
  'entrypoints/**/*.test.{ts,tsx}',
  'prompts/**/*.test.ts',
  'test/**/*.test.{ts,tsx}',
  'eval/**/*.test.ts',
  'mcp/**/*.test.ts',
];
const EXCLUDE = ['test/e2e/**', 'node_modules/**', 'mcp/dist/**'];

/**
 * `wxt/browser` as the fake browser alone (test/fake-browser.ts says why). A plugin after WXT's, because an alias
 * that a later plugin's config adds is matched before the earlier ones (a plain `resolve.alias` here lost to WXT's).
 */
const fastFakeBrowser = {
  name: 'engram:fake-browser',
  config: () => ({
    resolve: {
      alias: [
        {
          find: /^wxt\/browser$/,
          replacement: fileURLToPath(new URL('test/fake-browser.ts', import.meta.url)),
        },
      ],
    },
  }),
};

export default defineConfig({
  plugins: [WxtVitest(), fastFakeBrowser],
  // WxtVitest does not carry wxt.config.ts's vite defines: capture's fence needs the block intros (#37).
  define: { 'import.meta.env.ENGRAM_BLOCK_INTROS': JSON.stringify(JSON.stringify(blockIntroHashes())) },
  test: {
    setupFiles: ['test/setup.ts'],
    globals: true,
    projects: [
      { extends: true, test: { name: 'dom', include: DOM, exclude: EXCLUDE, environment: 'happy-dom' } },
      {
        extends: true,
        test: { name: 'node', include: ALL, exclude: [...EXCLUDE, ...DOM], environment: 'node' },
      },
    ],
  },
});
