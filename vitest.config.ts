import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { engineDependentTests } from './scripts/engineDependentTests.js';

// `npm test`: everything that needs only `npm install`. The server suite runs on PGlite, and its
// files that use a database run once more against PostgreSQL when TEST_DATABASE_URL is set (as
// .ci/run does); the others (parsers, extractors, fetchers…) would only run the same twice.
interface ServerProject {
  name: string;
  env: Record<string, string>;
  include?: string[];
  exclude?: string[];
  /** Global setups besides the shared auth emulator. */
  setup?: string[];
  /** A fresh module graph per file (OWN_MODULE_GRAPH below); otherwise one per worker. */
  isolate?: boolean;
}

const serverProject = ({ name, env, include = ['server/**/*.test.ts'], exclude = [], setup = [], isolate = false }: ServerProject) => ({
  test: {
    name,
    environment: 'node',
    include,
    isolate,
    exclude: ['**/node_modules/**', ...exclude],
    globalSetup: ['server/test/helpers/globalSetup.ts', ...setup],
    // A worker thread compiles its TypeScript as it starts; with two suites at once on two cores
    // that has taken more than the product's 15 s (extractPool.ts).
    env: { EXTRACT_WORKER_START_MS: '60000', ...env },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

// Server test files share one module graph per worker (Vitest's isolate: false): importing the app
// costs a file about a second, and the process's extraction pool then starts once per worker rather
// than once per file. These files set process-wide state first (the shared extraction pool's options,
// process.env), so each runs in a fresh module graph of its own.
const OWN_MODULE_GRAPH = [
  'server/test/crawl/extractLateStart.test.ts',
  'server/test/crawl/extractNeverStarts.test.ts',
  'server/test/cli/drain.test.ts',
  'server/test/cli/incrementalBuild.test.ts',
  'server/test/core/productionAuth.test.ts',
];
const PGLITE = { DOCENT_TEST_ENGINE: 'pglite' };
const POSTGRES = { DOCENT_TEST_ENGINE: 'postgres' };
const PGLITE_TEMPLATE = ['server/test/helpers/pgliteTemplate.ts'];

const postgresProjects = () => {
  const dependent = engineDependentTests(import.meta.dirname).filter((f) => !f.startsWith('server/test/cli/'));
  const own = dependent.filter((f) => OWN_MODULE_GRAPH.includes(f));
  return [
    serverProject({ name: 'server-pg', env: POSTGRES, include: dependent, exclude: OWN_MODULE_GRAPH }),
    ...(own.length > 0 ? [serverProject({ name: 'server-pg-isolated', env: POSTGRES, include: own, isolate: true })] : []),
  ];
};

export default defineConfig({
  test: {
    projects: [
      serverProject({ name: 'server', env: PGLITE, exclude: ['server/test/scaleout/**', ...OWN_MODULE_GRAPH], setup: PGLITE_TEMPLATE }),
      serverProject({ name: 'server-isolated', env: PGLITE, include: OWN_MODULE_GRAPH, setup: PGLITE_TEMPLATE, isolate: true }),
      ...(process.env.TEST_DATABASE_URL ? postgresProjects() : []),
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
