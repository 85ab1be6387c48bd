import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './db.js';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Apply migrations/NNN_name.sql in order, each once, each in its own transaction. A transaction-level
 * advisory lock serialises processes that start at the same time against one PostgreSQL server.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db
    .query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    )
    .catch(async (err) => {
      // Two processes racing on CREATE TABLE IF NOT EXISTS can collide on the catalog; the winner made it.
      const rows = await db.query(`SELECT to_regclass('schema_migrations') AS t`);
      if (!rows[0]?.t) throw err;
    });
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.length > 0) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    });
  }
  return applied;
}

/** Split a migration on semicolons at line ends; migrations avoid $$ bodies so this stays simple. */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
