import { defineConfig } from 'vitest/config';

/**
 * `npm run test:e2e`: real Chromium (/usr/bin/chromium via playwright-core) against the real
 * product started by e2e/helpers/stack.ts. Each file starts its own stack on free ports and its own
 * browser, so two files run at once (two cores): most of a file's time is waiting on a browser or a
 * crawl, not computing. E2E_WORKERS=1 runs them one at a time. One auth emulator serves every stack
 * but the ones that test `npm start` itself (stack.ts, ownAuthEmulator).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['server/test/helpers/globalSetup.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    sequence: { concurrent: false },
  },
});
