// ESLint flat config for the whole repository.
// Not type-aware: typescript-eslint cannot use TypeScript 7, so it parses with the installed TypeScript 5.9.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Shared code (components, hooks, lib, config, types) must not reach into features or the app layer. */
const sharedZones = [
  { group: ['@/features/*', '@/features/**'], message: 'Shared code must not import features (imports flow shared → features → app).' },
  { group: ['@/app/*', '@/app/**'], message: 'Only the app layer may import from src/app.' },
];

function featureZone(feature) {
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*', '@/app/**'], message: 'Features must not import the app layer.' },
            {
              group: ['@/features/*', '@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`],
              message: 'No feature imports another; compose features in src/app/routes.',
            },
            { group: ['**/local-supabase/**'], message: 'src/ never imports the local backend.' },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.local-supabase', 'test-results', 'playwright-report', 'blob-report', 'coverage', 'e2e/.auth'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // Node-side code: the local backend, scripts, tests, configs.
  {
    files: ['local-supabase/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.{js,ts}', 'supabase/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Servers legitimately match ANSI escapes and NUL bytes.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  // Plain JS run by Deno inside the functions runtime, and the browser script in public/.
  {
    files: ['local-supabase/**/*.js'],
    languageOptions: { globals: { ...globals.browser, Deno: 'readonly' } },
    rules: { 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  // Edge functions run on Deno.
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, Deno: 'readonly' } },
  },
  // The React app.
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router', message: 'Import from react-router-dom.' }],
          patterns: [{ group: ['**/local-supabase/**'], message: 'src/ never imports the local backend.' }],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/hooks/**/*.ts', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.ts', 'src/types/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: sharedZones }] },
  },
  // One zone per feature folder, so a new feature is covered the day it is created.
  ...readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => featureZone(entry.name)),
  // Route modules export a default page component; tests may export helpers.
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/app/router.tsx'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
