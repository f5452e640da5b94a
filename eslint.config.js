// ESLint flat config for the whole repository.
// Not type-aware: typescript-eslint cannot use TypeScript 7, so it parses with the installed TypeScript 5.9.
import { readdirSync } from 'node:fs';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Shared code (components, hooks, lib, config, types) must not reach into features or the app layer. */
const sharedZones = [
  { group: ['@/features/*', '@/features/**'], message: 'Shared code must not import features (imports flow shared → features → app).' },
  { group: ['@/app/*', '@/app/**'], message: 'Only the app layer may import from src/app.' },
];

/** Only a feature's api/ folder talks to Supabase; components, pages and hooks go through it. */
const supabaseClient = {
  name: '@/lib/supabase',
  message: 'Only api/ files import the Supabase client: add an operation in the feature\'s api/ folder.',
};
const supabaseClientRelative = { group: ['**/lib/supabase'], message: supabaseClient.message };
const reactRouter = { name: 'react-router', message: 'Import from react-router-dom.' };
const noLocalBackend = { group: ['**/local-supabase/**'], message: 'src/ never imports the local backend.' };

function featurePatterns(feature) {
  return [
    { group: ['@/app/*', '@/app/**'], message: 'Features must not import the app layer.' },
    {
      group: ['@/features/*', '@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`],
      message: 'No feature imports another; compose features in src/app/routes.',
    },
    noLocalBackend,
  ];
}

/** Two blocks per feature: its api/ folder may use the Supabase client, the rest may not. */
function featureZone(feature) {
  const folder = `src/features/${feature}`;
  return [
    {
      files: [`${folder}/**/*.{ts,tsx}`],
      ignores: [`${folder}/api/**`],
      rules: {
        'no-restricted-imports': ['error', { paths: [supabaseClient, reactRouter], patterns: [...featurePatterns(feature), supabaseClientRelative] }],
      },
    },
    {
      files: [`${folder}/api/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { paths: [reactRouter], patterns: featurePatterns(feature) }] },
    },
    {
      // Relative paths too: a feature never reaches into a sibling feature by climbing out of its folder.
      files: [`${folder}/**/*.{ts,tsx}`],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            zones: [
              {
                target: `./${folder}`,
                from: './src/features',
                except: [`./${feature}`],
                message: 'No feature imports another (not even by a relative path); compose features in src/app/routes.',
              },
            ],
          },
        ],
      },
    },
  ];
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
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, '@tanstack/query': pluginQuery, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Lets import-x parse the TypeScript files it follows (no-cycle reads the whole import graph).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // Import cycles make initialisation order depend on who is imported first.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
  // A rule switched off by a comment says why (`-- reason`), so an override is a decision, not a habit.
  {
    files: ['src/**/*.{ts,tsx}'],
    ...comments.recommended,
    rules: { ...comments.recommended.rules, '@eslint-community/eslint-comments/require-description': 'error' },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/config/**/*.ts', 'src/types/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [reactRouter], patterns: [...sharedZones, noLocalBackend] }] },
  },
  // Pages, layouts and shared components never talk to Supabase directly either.
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/hooks/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [supabaseClient, reactRouter], patterns: [...sharedZones, supabaseClientRelative, noLocalBackend] }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [supabaseClient, reactRouter], patterns: [supabaseClientRelative, noLocalBackend] }] },
  },
  // One zone per feature folder, so a new feature is covered the day it is created.
  ...readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => featureZone(entry.name)),
  // Dates, times and numbers are formatted in one place (src/lib/dates.ts: America/Sao_Paulo, pt-BR, 24 h).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/dates.ts', 'src/lib/plain-dates.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat'].flatMap((name) =>
          ['NewExpression', 'CallExpression'].map((kind) => ({
            selector: `${kind}[callee.object.name='Intl'][callee.property.name='${name}']`,
            message: `Format through src/lib/dates.ts (formatDate, formatDay, formatNumber…), not Intl.${name}.`,
          })),
        ),
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: 'Format through src/lib/dates.ts (formatDate, formatDateTime, formatNumber…), not toLocale…String().',
        },
      ],
    },
  },
  // Route modules export a default page component; tests may export helpers.
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/app/router.tsx'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
