import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
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
