import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { blockIntroHashes } from './scripts/locales';

export default defineConfig({
  plugins: [WxtVitest()],
  // WxtVitest does not carry wxt.config.ts's vite defines: capture's fence needs the block intros (#37).
  define: { 'import.meta.env.ENGRAM_BLOCK_INTROS': JSON.stringify(JSON.stringify(blockIntroHashes())) },
  test: {
    include: [
      'lib/**/*.test.ts',
      'components/**/*.test.{ts,tsx}',
      'entrypoints/**/*.test.{ts,tsx}',
      'prompts/**/*.test.ts',
      'test/**/*.test.{ts,tsx}',
      'eval/**/*.test.ts',
      'mcp/**/*.test.ts',
    ],
    exclude: ['test/e2e/**', 'node_modules/**', 'mcp/dist/**'],
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    globals: true,
  },
});
