import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { engineDependentTests } from './scripts/engineDependentTests.js';

// `npm test`: everything that needs only `npm install`. The server suite runs on PGlite, and its
// files that use a database run once more against PostgreSQL when TEST_DATABASE_URL is set (as
// .ci/run does); the others (parsers, extractors, fetchers…) would only run the same twice.
const serverProject = (
  name: string,
  env: Record<string, string>,
  exclude: string[] = [],
  include = ['server/**/*.test.ts'],
  setup: string[] = [],
) => ({
  test: {
    name,
    environment: 'node',
    include,
    exclude: ['**/node_modules/**', ...exclude],
    globalSetup: ['server/test/helpers/globalSetup.ts', ...setup],
    // A worker thread compiles its TypeScript as it starts; with two suites at once on two cores
    // that has taken more than the product's 15 s (extractPool.ts).
    env: { EXTRACT_WORKER_START_MS: '60000', ...env },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      serverProject('server', { DOCENT_TEST_ENGINE: 'pglite' }, ['server/test/scaleout/**'], undefined, [
        'server/test/helpers/pgliteTemplate.ts',
      ]),
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject(
              'server-pg',
              { DOCENT_TEST_ENGINE: 'postgres' },
              ['server/test/cli/**'],
              engineDependentTests(import.meta.dirname),
            ),
          ]
        : []),
      {
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['shared/**/*.test.{ts,tsx}', 'dashboard/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: {
          alias: [
            // What the widget's build ships for `react` (rollup.config.mjs), so its tests run the same.
            { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'widget/src/reactOnPreact.ts') },
            { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            // Vitest compiles JSX in development mode (jsxDEV); preact/jsx-runtime exports it too.
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
          ],
        },
        test: {
          name: 'widget',
          environment: 'jsdom',
          include: ['widget/**/*.test.{ts,tsx}'],
          setupFiles: ['widget/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
