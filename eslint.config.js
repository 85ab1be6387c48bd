import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './scripts/eslint/plugin.mjs';

// Import rules of DESIGN §1: shared imports none of the other parts; dashboard and widget import
// shared but never each other or the server; the server may import shared's types only (values
// only from shared/src/contract/, which imports nothing); and only
// the crawler's safeFetch (crawled sites) and the provider client (the operator's model endpoints)
// may open outbound HTTP connections.
const banned = (groups, message, modules = []) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }], paths: modules.map((name) => ({ name, message })) }],
});

// The server: never the front ends; shared/ for types only (import type), so no browser code or
// React ends up in the server; and (outside the crawler) no HTTP clients.
const serverImports = (networkModules) => {
  const network = 'The server reaches the network only through crawl/safeFetch.';
  return {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/dashboard/**', '**/widget/**'], message: 'The server never imports the dashboard or the widget.' },
          {
            // shared/src/contract/ and shared/src/messages/ (the message catalogue) are the exceptions:
            // dependency-free values both sides must agree on.
            regex: '(^|/)shared/(?!src/(contract|messages)/)',
            allowTypeImports: true,
            message:
              'The server may import only types from shared/ (use `import type`), and values from shared/src/contract/ or shared/src/messages/.',
          },
        ],
        paths: networkModules.map((name) => ({ name, message: network })),
      },
    ],
  };
};

// Global fetch in the server: only safeFetch and the provider client (provider/http.ts) reach the network.
const noGlobalFetch = (() => {
  const message = 'The server reaches the network only through crawl/safeFetch (crawled sites) or provider/http.ts (model endpoints).';
  return {
    'no-restricted-globals': ['error', { name: 'fetch', message }],
    'no-restricted-properties': [
      'error',
      ...['globalThis', 'global', 'self', 'window'].map((object) => ({ object, property: 'fetch', message })),
    ],
  };
})();

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'e2e/screenshots/**', 'eval/reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  {
    // CommonJS on purpose: preloaded with node --require into another program's process.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Modules must not import themselves through a chain (DESIGN §1: one job per file, no tangles).
    files: ['server/src/**/*.{ts,tsx,mjs}', 'shared/src/**/*.{ts,tsx}', 'dashboard/src/**/*.{ts,tsx}', 'widget/src/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/no-import-cycles': 'error' },
  },
  {
    // Source files stay under 12 KB (tests may be longer: a scenario reads best in one place).
    files: ['server/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}', 'dashboard/src/**/*.{ts,tsx}', 'widget/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*'],
    plugins: { local },
    rules: { 'local/max-file-size': 'error' },
  },
  {
    files: ['dashboard/src/features/**'],
    plugins: { local },
    rules: { 'local/no-cross-feature-imports': 'error' },
  },
  {
    // Repositories return rows; the API's shapes are made in server/src/http/presenters/.
    files: ['server/src/db/**'],
    plugins: { local },
    rules: { 'local/no-api-shapes-in-data-layer': 'error' },
  },
  {
    files: ['server/src/**'],
    ignores: ['server/src/provider/http.ts', 'server/src/crawl/safeFetch.ts'],
    rules: noGlobalFetch,
  },
  {
    files: ['shared/**'],
    rules: banned(['**/server/**', '**/dashboard/**', '**/widget/**'], 'shared/ must not import the server, dashboard or widget.'),
  },
  {
    // The contract and the message catalogue are imported by the server at runtime: they depend on
    // nothing (siblings only).
    files: ['shared/src/contract/**', 'shared/src/messages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // zod too: the contract's response schemas (*Schemas.ts) are the one source of the API's shapes.
              regex: '^(?!\\./[^/]+$|zod$)',
              message: 'shared/src/contract/ and shared/src/messages/ import nothing but their own files and zod (the server loads them).',
            },
          ],
        },
      ],
    },
  },
  {
    // The response schemas are zod: the widget (and shared/ code it bundles) takes their types only,
    // so zod never reaches the widget's bundle.
    files: ['widget/**', 'shared/src/**'],
    ignores: ['shared/src/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^zod$|contract/\\w+Schemas(\\.js)?$)',
              allowTypeImports: true,
              message: 'Import the response schemas (and zod) as types only (`import type`): zod stays out of the widget bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['dashboard/**'],
    rules: banned(['**/server/**', '**/widget/**'], 'The dashboard may import shared/ only.'),
  },
  {
    files: ['widget/**'],
    rules: banned(
      ['**/server/**', '**/dashboard/**', 'date-fns/*'],
      'The widget may import shared/ only, and stays lean (no swr/date-fns).',
      ['swr', 'date-fns'],
    ),
  },
  {
    files: ['server/src/**'],
    ignores: ['server/src/crawl/**'],
    rules: serverImports(['undici', 'node:http', 'node:https', 'http', 'https', 'axios', 'got', 'node-fetch']),
  },
  {
    // The crawler is the one place allowed to open outbound connections (safeFetch).
    files: ['server/src/crawl/**'],
    rules: serverImports([]),
  },
);
