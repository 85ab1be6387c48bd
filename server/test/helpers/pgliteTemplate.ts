import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';

/**
 * Global setup of the PGlite project: one migrated, empty database, dumped once to a file, from
 * which every test file's database starts (openTestDb). Starting an in-memory PGlite from it takes
 * about 0.5 s where initdb and the migrations take about 2 s, and the suite opens a few hundred.
 */
let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dir = mkdtempSync(path.join(tmpdir(), 'docent-pglite-template-'));
  // PGlite itself (the product's Db does not dump), with the extensions every database registers.
  const pg = await PGlite.create({ extensions: { vector, btree_gin } });
  try {
    const query = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
      (await q.query<T>(sql, params ? [...params] : undefined)).rows;
    const db: Db = {
      engine: 'pglite',
      query: (sql, params) => query(pg, sql, params),
      transaction: (fn) => pg.transaction((tx) => fn({ query: (sql, params) => query(tx, sql, params) })),
      hasVector: async () => true,
      close: () => pg.close(),
    };
    await migrate(db);
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await pg.close();
  }
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template's file, on the PGlite project only. */
    pgliteTemplate?: string;
  }
}
