// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      '.cache/',
      '.data/',
      'node_modules/',
      'public/',
      'test-results/',
      'playwright-report/',
      'tools/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
    },
  },
  {
    // Islands and stores ship to the browser: they must never pull in server code.
    files: ['src/**/*.{ts,tsx}'],
    // Tests, build integrations and build-time endpoints (src/pages/**/*.ts) run in Node, never in the browser.
    ignores: ['src/**/*.test.ts', 'src/integrations/**', 'src/pages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/netlify/**', '@server/*', '@functions/*', 'mongodb', 'razorpay', 'node:*'],
              message: 'Browser code must not import server-only modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every CSV the shop writes goes through toCsv, which keeps typed text from running as a spreadsheet formula.
    files: ['netlify/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['netlify/lib/csv.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['csv-stringify', 'csv-stringify/*'], message: 'Write CSV with toCsv (netlify/lib/csv.ts): it neutralises formulas.' },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A journey needs its worker's own shop (tests/e2e/test.ts); Playwright's bare `test` would have none.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import `test` (and `expect`) from './test': it gives each worker a shop of its own.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
