// Lint rules that encode the house (docs/architecture.md). Each message says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noLiteralText } from './scripts/eslint/no-literal-text.js';

const houseSyntax = [
  {
    selector: 'MemberExpression[property.name=/^querySelector(All)?$/]',
    message: 'Selectors live in lib/sites/** next to the fixtures they must match: docs/architecture.md.',
  },
  {
    selector: "MemberExpression[object.property.name='runtime'][property.name='sendMessage']",
    message: 'Send messages through lib/messaging/ so requests and replies stay typed and validated.',
  },
  {
    selector:
      "MemberExpression[property.name=/^(innerHTML|outerHTML)$/], CallExpression[callee.property.name='insertAdjacentHTML']",
    message: 'Never build DOM from strings: memory and page text must stay text (#5, the supermemory XSS).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '.output/**',
      '.wxt/**',
      'node_modules/**',
      'eval/runs/**',
      'docs/screenshots/**',
      'mcp/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', ...houseSyntax],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'dexie',
              message: 'IndexedDB is touched only in lib/store/** (README, Architecture in ten lines).',
            },
            { name: '@mlc-ai/web-llm', message: 'web-llm (~6 MB) loads only in the offscreen document.' },
            { name: 'zod', message: 'Use zod/mini: schemas are shared with content scripts (50 kB budget).' },
          ],
        },
      ],
      'max-lines': ['error', { max: 200, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 40, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Every word a person reads comes from locales/ (#37): a literal in a component fails here.
    files: ['components/**/*.tsx', 'entrypoints/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { engram: { rules: { 'no-literal-text': noLiteralText } } },
    rules: { 'engram/no-literal-text': 'error' },
  },
  {
    files: ['lib/sites/**', '**/*.test.{ts,tsx}', 'test/**'],
    rules: { 'no-restricted-syntax': ['error', ...houseSyntax.slice(1)] },
  },
  {
    files: ['lib/messaging/**'],
    rules: { 'no-restricted-syntax': ['error', houseSyntax[0], houseSyntax[2]] },
  },
  { files: ['lib/store/**'], rules: { 'no-restricted-imports': 'off' } },
  {
    // Component tests replace lib/messaging/send with a sender that calls the real handlers
    // (test/helpers/background.ts). A background module that imports it makes that mock import itself, and vitest
    // waits forever (the unit suite ran 25 minutes in CI, 2026-12-01). The background never asks itself: it asks
    // the offscreen document, a tab or a frame through lib/messaging/offscreen.ts, tab.ts and frame.ts.
    files: ['lib/background/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/messaging/send'],
              message:
                'The background does not import lib/messaging/send (component tests mock it with the handlers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**', 'scripts/**', 'eval/**', 'bench/**'],
    languageOptions: { globals: globals.node },
    rules: {
      'max-lines-per-function': 'off',
      'max-lines': ['error', { max: 400 }],
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['lib/offscreen/webllm.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
