import { defineConfig } from 'vitest/config';

/**
 * `npm run test:e2e`: real Chromium (/usr/bin/chromium via playwright-core) against the real
 * product started by e2e/helpers/stack.ts. Files run one at a time; each starts its own stack.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
  },
});
