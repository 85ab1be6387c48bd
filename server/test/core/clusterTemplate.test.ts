import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { templateFile } from '../../src/db/clusterTemplate.js';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';

// A new embedded database starts from a kept copy of a migrated, empty one (clusterTemplate.ts):
// the first new database leaves the copy, later ones start from it, and none holds another's rows.
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const BOT = `INSERT INTO chatbots (id, owner_uid, name) VALUES ('00000000-0000-4000-8000-000000000001', 'o', 'first owner''s bot')`;
const migrations = (db: Awaited<ReturnType<typeof openDatabase>>) =>
  db.query<{ name: string; applied_at: Date }>('SELECT name, applied_at FROM schema_migrations ORDER BY name');

describe('a new embedded database', () => {
  it('starts from the copy the first one left, without its rows, and keeps its own', async () => {
    const cache = tempDir('docent-templates-');
    // The first on the database thread (the default), the second in this thread (PGLITE_THREAD=off):
    // both ways of opening PGlite read the copy.
    const config = (dataDir: string, thread: 'on' | 'off') => loadConfig({ DATA_DIR: dataDir, PGLITE_THREAD: thread, DATABASE_URL: '' });

    const first = await openDatabase(config(tempDir('docent-first-'), 'on'), { templateCacheDir: cache });
    const firstMigrations = await migrations(first);
    await first.query(BOT);
    await first.close();
    // The copy is there once the first database is open, named after the engine and the migrations.
    expect(readdirSync(cache)).toEqual([path.basename(templateFile(cache))]);

    const secondDir = tempDir('docent-second-');
    const second = await openDatabase(config(secondDir, 'off'), { templateCacheDir: cache });
    // The same migrations, applied at the same moments: the copy's, not run again.
    expect(await migrations(second)).toEqual(firstMigrations);
    expect(firstMigrations.length).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length);
    expect(await second.query('SELECT name FROM chatbots')).toEqual([]);
    await second.query(BOT.replace("first owner''s", "second owner''s"));
    await second.close();

    const reopened = await openDatabase(config(secondDir, 'on'), { templateCacheDir: cache });
    expect(await reopened.query('SELECT name FROM chatbots')).toEqual([{ name: "second owner's bot" }]);
    await reopened.close();
    expect(readdirSync(cache)).toHaveLength(1);
  }, 60_000);

  it('is named after every migration, so another set of migrations never starts from this copy', () => {
    const cache = tempDir('docent-templates-');
    const copy = tempDir('docent-migrations-');
    cpSync(MIGRATIONS_DIR, copy, { recursive: true });
    expect(templateFile(cache, copy)).toBe(templateFile(cache));
    writeFileSync(path.join(copy, '999_later.sql'), 'CREATE TABLE later (id int);\n');
    const withLater = templateFile(cache, copy);
    expect(withLater).not.toBe(templateFile(cache));
    rmSync(path.join(copy, '999_later.sql'));
    writeFileSync(path.join(copy, '001_initial.sql'), '-- edited\n', { flag: 'a' });
    expect(new Set([templateFile(cache, copy), withLater, templateFile(cache)]).size).toBe(3);
  });

  it('creates the database anew, and a good copy, when the kept copy is damaged', async () => {
    const cache = tempDir('docent-templates-');
    writeFileSync(templateFile(cache), 'not a tar file');
    const dataDir = tempDir('docent-damaged-');
    const db = await openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }), { templateCacheDir: cache });
    await db.query(BOT);
    expect(await db.query('SELECT name FROM chatbots')).toEqual([{ name: "first owner's bot" }]);
    await db.close();
    // The damaged copy was replaced by one a new database starts from.
    expect(statSync(templateFile(cache)).size).toBeGreaterThan(100_000);
    const next = await openDatabase(loadConfig({ DATA_DIR: tempDir('docent-after-'), DATABASE_URL: '' }), { templateCacheDir: cache });
    expect(await next.query('SELECT name FROM chatbots')).toEqual([]);
    await next.close();
  }, 60_000);

  it('still opens when the copy cannot be kept', async () => {
    const notADir = path.join(tempDir('docent-templates-'), 'a-file');
    writeFileSync(notADir, 'not a directory');
    const dataDir = tempDir('docent-unkept-');
    const db = await openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }), { templateCacheDir: notADir });
    await db.query(BOT);
    expect(await db.query('SELECT name FROM chatbots')).toEqual([{ name: "first owner's bot" }]);
    await db.close();
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});
