import { defineConfig } from 'vitest/config';

// `npm run test:corpus`: suites that crawl the dev corpora from ../shared/corpora (not part of
// `npm test`, which must pass with nothing but `npm install`).
export default defineConfig({
  test: {
    name: 'corpus',
    environment: 'node',
    include: ['corpus-tests/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
