import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';

/** True when this test run targets PostgreSQL (the server-pg project). */
export const onPostgres = () => process.env.DOCENT_TEST_ENGINE === 'postgres';

/**
 * A migrated, empty database for one test file: in-memory PGlite, or a fresh schema on the
 * PostgreSQL server at TEST_DATABASE_URL (dropped again on close). `migrationsDir`: migrate from
 * another folder (a test of a migration starts from the ones before it).
 */
export async function openTestDb(migrationsDir?: string): Promise<Db> {
  if (!onPostgres()) {
    // The run's migrated template (pgliteTemplate.ts), unless this test migrates from elsewhere.
    const template = migrationsDir ? undefined : inject('pgliteTemplate');
    // 16MB of shared buffers, not 128MB: a start zeroes them all, a few hundred times a run.
    const db = await openPglite(undefined, { from: template, sharedBuffers: '16MB' });
    // Nothing to do on the template, but a migration newer than it would still apply.
    await migrate(db, migrationsDir);
    return db;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('DOCENT_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const db = await openPostgres({ url, schema, max: 8 });
  await migrate(db, migrationsDir);
  const close = db.close.bind(db);
  return {
    ...db,
    close: async () => {
      await db.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
      await close();
    },
  };
}

/**
 * A database migrated up to (not including) the migration whose file name starts with `next`
 * ("031"): a test of that migration writes what bots wrote before it, then calls migrate().
 */
export async function openTestDbBefore(next: string): Promise<Db> {
  const all = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');
  const before = mkdtempSync(path.join(tmpdir(), 'docent-mig-'));
  for (const f of readdirSync(all).filter((f) => f < next)) cpSync(path.join(all, f), path.join(before, f));
  const db = await openTestDb(before);
  const close = db.close.bind(db);
  return {
    ...db,
    close: async () => {
      await close();
      rmSync(before, { recursive: true, force: true });
    },
  };
}
