import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPgliteThread } from '../../src/db/pgliteThread.js';
import { DatabaseError } from '../../src/db/safeError.js';
import { onPostgres } from '../helpers/db.js';

// The embedded database on its worker thread, as the server uses it (the default engine of the suite).
// Only PGlite is under test here, so the PostgreSQL run of the suite skips it. The in-memory
// databases on a thread start from the run's template (pgliteTemplate.ts: no initdb, seconds each
// on a loaded machine); what they test never depends on starting empty.
let db: Db;
/** PGlite in this thread, what the thread's answers are compared with. */
let inProcess: Db;
const template = () => inject('pgliteTemplate');

beforeAll(async () => {
  if (onPostgres()) return;
  [db, inProcess] = await Promise.all([openPglite(undefined, { from: template() }), openPglite(undefined, { thread: false })]);
  await db.query('CREATE TABLE notes (id int PRIMARY KEY, body text UNIQUE)');
});

afterAll(async () => {
  await Promise.all([db?.close(), inProcess?.close()]);
});

describe.skipIf(onPostgres())('PGlite on a worker thread', () => {
  it('returns the same values as PGlite in this thread', async () => {
    const sql = `SELECT 1::int AS i, 9007199254740993::bigint AS big, 2::bigint AS small, 3.5::numeric AS n,
                          '2024-01-01T00:00:00Z'::timestamptz AS t, '{"a":[1,{"b":null}]}'::jsonb AS j,
                          '\\x0102'::bytea AS bytes, ARRAY[1,2] AS ints, ARRAY['a',NULL]::text[] AS texts, NULL AS nothing,
                          $1::bytea AS sent_bytes, $2::timestamptz AS sent_date, $3::jsonb AS sent_json, $4::text[] AS sent_list`;
    const params = [Buffer.from([7, 8]), new Date('2025-05-05T05:05:05Z'), { k: [1, 'two'] }, ['x', 'y']];
    const [threaded] = await db.query(sql, params);
    const [local] = await inProcess.query(sql, params);
    expect(threaded).toEqual(local);
    expect(threaded).toMatchObject({
      big: 9007199254740993n,
      small: 2,
      t: new Date('2024-01-01T00:00:00Z'),
      bytes: new Uint8Array([1, 2]),
    });
  });

  it('rolls back a transaction whose callback throws, and rethrows what it threw', async () => {
    const boom = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO notes VALUES (1, 'draft')`);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await db.query('SELECT * FROM notes WHERE id = 1')).toEqual([]);
  });

  it('holds other statements while a transaction is open, then runs every one of them in order', async () => {
    await db.query('DELETE FROM notes');
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (q) => {
      await q.query(`INSERT INTO notes VALUES (10, 'in the transaction')`);
      await holding;
      await q.query(`INSERT INTO notes VALUES (11, 'still in it')`);
      return 'committed';
    });
    await new Promise((r) => setTimeout(r, 50)); // the transaction is open on the worker
    const outside = Array.from({ length: 20 }, (_, i) =>
      db.query<{ n: number }>(`INSERT INTO notes VALUES (${100 + i}, 'outside ${i}') RETURNING (SELECT count(*)::int FROM notes) AS n`),
    );
    let settled = 0;
    for (const p of outside) void p.then(() => settled++);
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(0); // none ran inside (or beside) the open transaction
    release();
    expect(await tx).toBe('committed');
    // Each saw the transaction's two rows and the ones queued before it: nothing lost, nothing reordered.
    expect((await Promise.all(outside)).map(([r]) => r!.n)).toEqual(Array.from({ length: 20 }, (_, i) => 2 + i));
  });

  it('sends an engine error back with its code and constraint but without the values', async () => {
    await db.query(`INSERT INTO notes VALUES (500, 'visitor-secret-question')`);
    const err = await db.query('INSERT INTO notes VALUES ($1, $2)', [501, 'visitor-secret-question']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseError);
    expect(err).toMatchObject({ code: '23505', constraint: 'notes_body_key', table: 'notes' });
    const everything =
      JSON.stringify(err) + String((err as Error).message) + String((err as Error).stack) + Object.keys(err as object).join();
    expect(everything).not.toContain('visitor-secret-question');
    expect(everything).not.toMatch(/params|INSERT INTO/);
    // The stack points at the caller on this thread, where to look.
    expect((err as Error).stack).toContain('pgliteThread.test.ts');
    const bad = await db.query('SELECT $1::uuid', ['not-a-uuid-secret']).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "[redacted]"' });
  });

  it('refuses a parameter that cannot cross to the thread with an error, not a crash', async () => {
    await expect(db.query('SELECT $1::text', [() => 'a function'])).rejects.toThrow(/cannot be sent to the database/);
    expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]); // and the database works on
  });

  it('answers a statement it has seen before (one trip into the engine) exactly as the first time', async () => {
    const sql = `SELECT $1::bytea AS b, $2::timestamptz AS t, $3::jsonb AS j, $4::text[] AS list, $5::uuid[] AS ids,
                          $6::int AS n, $7::bool AS yes, $8::text AS nothing, $9::numeric AS num`;
    const runs = [
      [Buffer.from([1]), new Date('2025-01-01T00:00:00Z'), { a: 1 }, ['x'], ['6f1c1a52-7d2e-4d59-9a43-1f1bb0b5f3a1'], 1, true, null, '1.5'],
      [Buffer.from([2, 3]), new Date('2026-02-02T02:02:02Z'), [null, 'two'], [], [], -7, false, null, '0.25'],
    ];
    for (const params of [...runs, ...runs]) expect(await db.query(sql, params)).toEqual(await inProcess.query(sql, params));
  });

  it('goes on working after a statement fails at any step, inside a transaction or not', async () => {
    await db.query('CREATE TABLE steps (id int PRIMARY KEY, body text)');
    const insert = 'INSERT INTO steps VALUES ($1, $2)';
    await db.query(insert, [1, 'one']);
    // Fails when first parsed (the statement is unknown), when executed with known types, and in binding.
    await expect(db.query('SELEC $1::int', [1])).rejects.toMatchObject({ code: '42601' });
    await expect(db.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(insert, ['not a number', 'x'])).rejects.toMatchObject({ code: '22P02' });
    expect(await db.query('SELECT body FROM steps WHERE id = $1', [1])).toEqual([{ body: 'one' }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [2, 'two']);
        await tx.query('SELEC $1::int', [2]);
      }),
    ).rejects.toMatchObject({ code: '42601' });
    await db.transaction(async (tx) => {
      await tx.query(insert, [3, 'three']);
      await tx.query(insert, [4, 'four']);
    });
    expect(await db.query('SELECT id FROM steps ORDER BY id')).toEqual([{ id: 1 }, { id: 3 }, { id: 4 }]);
  });

  it("learns a statement's parameters again after the schema changes them", async () => {
    await db.query('CREATE TABLE shapes (v int)');
    const insert = 'INSERT INTO shapes VALUES ($1)';
    await db.query(insert, [5]);
    await db.query('ALTER TABLE shapes ALTER COLUMN v TYPE jsonb USING to_jsonb(v)');
    await db.query(insert, [{ sides: [3, 4] }]);
    expect(await db.query('SELECT v FROM shapes ORDER BY v::text')).toEqual([{ v: 5 }, { v: { sides: [3, 4] } }]);
  });

  it('finishes the work it was given before closing, then refuses more', async () => {
    const own = await openPglite(undefined, { from: template() });
    const queued = Array.from({ length: 50 }, (_, i) => own.query<{ i: number }>('SELECT $1::int AS i', [i]));
    await own.close();
    expect((await Promise.all(queued)).map(([r]) => r!.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    await expect(own.query('SELECT 1')).rejects.toThrow(/closed/);
  });
});

describe.skipIf(onPostgres())('an in-memory database started from a dumped data dir', () => {
  it("has the dump's tables and rows, and its writes stay its own", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-dump-'));
    const { PGlite } = await import('@electric-sql/pglite');
    const source = await PGlite.create();
    await source.query('CREATE TABLE kept (v text)');
    await source.query("INSERT INTO kept VALUES ('from the dump')");
    const file = path.join(dir, 'dump.tar');
    writeFileSync(file, Buffer.from(await (await source.dumpDataDir('none')).arrayBuffer()));
    await source.close();
    const [a, b] = await Promise.all([openPglite(undefined, { from: file }), openPglite(undefined, { from: file })]);
    try {
      await a.query("INSERT INTO kept VALUES ('only in a')");
      expect(await a.query('SELECT v FROM kept ORDER BY v')).toEqual([{ v: 'from the dump' }, { v: 'only in a' }]);
      expect(await b.query('SELECT v FROM kept')).toEqual([{ v: 'from the dump' }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes the shared buffers it is given, else PostgreSQL's 128MB", async () => {
    const [small, usual] = await Promise.all([
      openPglite(undefined, { from: template(), sharedBuffers: '16MB' }),
      openPglite(undefined, { from: template() }),
    ]);
    try {
      expect(await small.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      expect(await usual.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '128MB' }]);
    } finally {
      await Promise.all([small.close(), usual.close()]);
    }
  });

  it('fails to open with a clear error when the dump is missing', async () => {
    await expect(openPglite(undefined, { from: '/nonexistent/dump.tar' })).rejects.toThrow(/Could not open the embedded database/);
  });
});

describe.skipIf(onPostgres())('a database thread that dies', () => {
  it('fails the waiting and the later calls instead of hanging, mid-transaction too', async () => {
    let worker!: Worker;
    const own = await openPgliteThread(undefined, { from: template(), onWorker: (w) => (worker = w) });
    await own.query('CREATE TABLE t (x int)');
    let inTx!: () => void;
    const txReached = new Promise<void>((r) => (inTx = r));
    const tx = own.transaction(async (q) => {
      await q.query('INSERT INTO t VALUES (1)');
      inTx();
      await new Promise((r) => setTimeout(r, 200));
      await q.query('INSERT INTO t VALUES (2)');
    });
    await txReached;
    const waiting = own.query('SELECT count(*) FROM t'); // held behind the open transaction
    await worker.terminate();
    await expect(waiting).rejects.toThrow(/embedded database stopped/);
    await expect(tx).rejects.toThrow(/embedded database stopped/);
    await expect(own.query('SELECT 1')).rejects.toMatchObject({ code: '57P01' });
    await own.close(); // nothing left to close, and it says so without hanging
  });

  it('leaves a data dir whose committed rows are there on the next open', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-pgthread-'));
    try {
      let worker!: Worker;
      const first = await openPgliteThread(dir, { onWorker: (w) => (worker = w) });
      await first.query('CREATE TABLE kept (x int)');
      await first.transaction(async (q) => {
        await q.query('INSERT INTO kept VALUES (1), (2)');
      });
      await worker.terminate(); // no clean shutdown, as if the thread had crashed
      await first.close();
      const second = await openPglite(dir);
      expect(await second.query('SELECT x FROM kept ORDER BY x')).toEqual([{ x: 1 }, { x: 2 }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
