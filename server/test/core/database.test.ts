import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { lockDataDir } from '../../src/db/dataDirLock.js';
import { openDatabase } from '../../src/db/open.js';
import { migrate, splitStatements } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { onPostgres } from '../helpers/db.js';

// The embedded database's own tests open PGlite themselves, whatever the run's engine: the PostgreSQL
// pass (server-pg) would only run them a second time, the same way (tens of seconds of initdb), so
// it runs only its own. Its migrations are checked there by the concurrent test and by every file
// that opens a test database.
describe('migrations', () => {
  it.skipIf(onPostgres())('apply once and are a no-op the second time', async () => {
    const db = await openPglite(undefined);
    try {
      expect((await migrate(db)).length).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it.skipIf(onPostgres())('index the rows that exist when a migration adds a search field, and leave the others as they were', async () => {
    const all = path.resolve(import.meta.dirname, '../../src/db/migrations');
    const before = mkdtempSync(path.join(tmpdir(), 'docent-mig-'));
    for (const f of readdirSync(all).filter((f) => f < '010')) copyFileSync(path.join(all, f), path.join(before, f));
    const db = await openPglite(undefined);
    try {
      await migrate(db, before);
      await db.query(`INSERT INTO chatbots (id, owner_uid) VALUES ('00000000-0000-4000-8000-000000000001', 'o')`);
      await db.query(`INSERT INTO documents (id, chatbot_id, url, title, content, content_hash, anchor_text)
                      VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'https://s.test/', 'Statements', 'x', 'h', 'Shelving changes')`);
      await db.query(`INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content)
                      VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 0, 'https://s.test/', 'Statements', 'The with statement', 'It wraps a block.')`);
      const tsv = async () => (await db.query<{ t: string }>('SELECT tsv::text AS t FROM chunks'))[0]!.t;
      const indexed = await tsv();
      expect(await migrate(db, all)).toContain('010_anchor_tsv.sql');
      // The page that existed before is searchable by its in-links' words at once…
      expect(await db.query(`SELECT 1 FROM documents WHERE anchor_tsv @@ 'shelv'::tsquery`)).toHaveLength(1);
      // …and the chunks' index, with every ranking built on it, is exactly as it was.
      expect(await tsv()).toBe(indexed);
      // Migration 009 took away the one-language keyword column of 005.
      expect(
        await db.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'chunks' AND column_name = 'heading_words'`),
      ).toHaveLength(0);
    } finally {
      await db.close();
      rmSync(before, { recursive: true, force: true });
    }
  });

  it.runIf(onPostgres())('apply exactly once when several processes start at the same time', async () => {
    const schema = `t_mig_${Date.now()}`;
    const dbs = await Promise.all([1, 2, 3].map(() => openPostgres({ url: process.env.TEST_DATABASE_URL!, schema, max: 2 })));
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      const total = applied.flat();
      expect(new Set(total).size).toBe(total.length);
      const rows = await dbs[0]!.query('SELECT name FROM schema_migrations');
      expect(rows.length).toBe(total.length);
    } finally {
      await dbs[0]!.query(`DROP SCHEMA ${schema} CASCADE`);
      await Promise.all(dbs.map((db) => db.close()));
    }
  });

  it('splits statements on semicolons at line ends and drops comments', () => {
    expect(splitStatements('-- note\nCREATE TABLE a (x int);\nSELECT 1;\n')).toEqual(['CREATE TABLE a (x int)', 'SELECT 1']);
  });
});

describe.skipIf(onPostgres())('embedded data directory', () => {
  it('refuses a second opener while the first holds it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-lock-'));
    try {
      const release = lockDataDir(dir);
      // Simulate another live process holding it (pid 1 always exists).
      writeFileSync(path.join(dir, 'docent.lock'), '1');
      expect(() => lockDataDir(dir)).toThrow(/Another Docent process \(pid 1\)/);
      release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-lock-'));
    try {
      writeFileSync(path.join(dir, 'docent.lock'), '999999999');
      const release = lockDataDir(dir);
      release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets only one of two processes take over the same stale lock', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-lock-'));
    try {
      writeFileSync(path.join(dir, 'docent.lock'), '999999999');
      // "Process B" (our parent's pid: alive, not us) tries to take over the stale lock while
      // "process A" (us) is in the middle of taking it over. Without the takeover marker B would
      // delete the stale lock and win, and A would then delete B's lock and win as well.
      let competitor: unknown;
      const release = lockDataDir(dir, {
        duringTakeover: () => {
          try {
            lockDataDir(dir, { pid: process.ppid });
            competitor = 'acquired';
          } catch (err) {
            competitor = err;
          }
        },
      });
      expect(competitor).toBeInstanceOf(Error);
      expect(String(competitor)).toMatch(/another process is starting on it/);
      expect(readFileSync(path.join(dir, 'docent.lock'), 'utf8')).toBe(String(process.pid));
      // Once A holds it, B is refused with the usual message.
      expect(() => lockDataDir(dir, { pid: process.ppid })).toThrow(new RegExp(`Another Docent process \\(pid ${process.pid}\\)`));
      release();
      expect(existsSync(path.join(dir, 'docent.lock'))).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second process while a server has the data dir open, and lets it in once closed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-lock2-'));
    const child = path.resolve(import.meta.dirname, '../helpers/openDataDirChild.ts');
    const second = () =>
      new Promise<string>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', child],
          { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } },
          (_err, stdout) => resolve(stdout.trim()),
        );
      });
    try {
      const db = await openDatabase(loadConfig({ DATA_DIR: dir }));
      try {
        expect(await second()).toMatch(new RegExp(`^Another Docent process \\(pid ${process.pid}\\) is using the data directory`));
        expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).not.toEqual([{ n: 0 }]);
      } finally {
        await db.close();
      }
      expect(await second()).toBe('opened');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps committed rows across reopening a PGlite data dir', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-pgl-'));
    try {
      const first = await openPglite(dir);
      await migrate(first);
      await first.query(`INSERT INTO chatbots (id, owner_uid, name) VALUES ('00000000-0000-4000-8000-000000000001', 'o', 'kept')`);
      await first.close();
      const second = await openPglite(dir);
      expect(await second.query('SELECT name FROM chatbots')).toEqual([{ name: 'kept' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
