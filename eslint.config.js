import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  prettier,
  ...svelte.configs.prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,svelte}', 'src/renderer/**/*.svelte.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'], svelteConfig },
    },
  },
  {
    // Only the Electron shell may import electron (it cannot load in plain Node).
    files: ['src/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/ipc.ts', 'src/main/platform/**', 'src/preload/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron', 'electron-store'] }],
    },
  },
  {
    // A demo operator started by a test takes the test's instant: on the wall clock its invoices
    // and statuses change with the day the suite runs, and a test fails at an hour nobody chose
    // (issue 25). Options passed as a variable carry it in their type (tests/e2e/pages/archive-page.ts).
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='startDemoOperator'] > ObjectExpression.arguments:not(:has(Property[key.name='now']))",
          message:
            "Give the test's demo operator its clock (now: …), so that its data is the same on any day.",
        },
      ],
    },
  },
);
