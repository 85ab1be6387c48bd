import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineDependentTests } from '../../../scripts/engineDependentTests.js';

/**
 * Which server test files the PostgreSQL project runs (vitest.config.ts): those that reach the test
 * database helper through their imports or read the engine's variables; the others would only run twice.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'docent-engines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

describe('the PostgreSQL project', () => {
  it('takes the files that open a test database, however indirectly, or read the engine variables', () => {
    write({
      'server/test/helpers/db.ts': 'export const openTestDb = () => process.env.DOCENT_TEST_ENGINE;',
      'server/test/helpers/app.ts': "import { openTestDb } from './db.js';\nexport const app = openTestDb;",
      'server/test/helpers/site.ts': 'export const site = 1;',
      'server/test/core/routes.test.ts': "import { app } from '../helpers/app.js';",
      'server/test/core/lazy.test.ts': "const m = await import('../helpers/db');",
      'server/test/scaleout/pg.test.ts': 'const url = process.env.TEST_DATABASE_URL;',
      'server/test/crawl/parse.test.ts': "import { site } from '../helpers/site.js';\nimport { x } from '../../src/crawl/x.js';",
      'server/test/text/pure.test.ts': "import { expect } from 'vitest';",
    });
    expect(engineDependentTests(dir)).toEqual([
      'server/test/core/lazy.test.ts',
      'server/test/core/routes.test.ts',
      'server/test/scaleout/pg.test.ts',
    ]);
  });

  it('on the real tree, runs the database suites and skips the pure ones', () => {
    const files = engineDependentTests(repoRoot);
    expect(files).toContain('server/test/core/database.test.ts');
    expect(files).toContain('server/test/core/chatbots.test.ts');
    expect(files).not.toContain('server/test/crawl/ssrf.test.ts');
    expect(files).not.toContain('server/test/text/markdown.test.ts');
  });
});
