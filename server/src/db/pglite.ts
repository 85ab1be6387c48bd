import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.js';
import { inLane } from './foregroundFirst.js';
import { Mutex } from './mutex.js';
import { openPgliteThread } from './pgliteThread.js';
import { withSafeErrors } from './safeError.js';

export interface PgliteOptions {
  /**
   * Run PGlite on a worker thread (the default): its work then never blocks this thread's event
   * loop. false runs it in this thread (PGLITE_THREAD=off), kept as a fallback and for comparison.
   */
  thread?: boolean;
  /** Start a new or in-memory database from this dumped data dir (pgliteThread.ts). */
  from?: string;
  /** On the thread: PostgreSQL's shared_buffers, e.g. "16MB" (pgliteThread.ts). */
  sharedBuffers?: string;
}

/** Embedded PostgreSQL (WASM). dataDir undefined = in-memory (tests). */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<Db> {
  return (options.thread ?? true) ? openPgliteThread(dataDir, options) : openPgliteInProcess(dataDir, options.from);
}

/**
 * PGlite in this thread. One session per process, so every statement and transaction is
 * serialised through a mutex; a transaction's own statements bypass it.
 */
export async function openPgliteInProcess(dataDir: string | undefined, from?: string): Promise<Db> {
  // Loaded only here: with the default worker thread, this thread never needs PGlite's code.
  const [{ PGlite: Engine }, { vector }, { btree_gin }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
    import('@electric-sql/pglite/contrib/btree_gin'),
  ]);
  // Both extensions are always registered: a data dir that has one fails every query without it
  // (btree_gin: the bot-led full-text index of migration 013).
  const loadDataDir = from ? new Blob([await readFile(from)]) : undefined;
  const pg = await Engine.create({ dataDir, extensions: { vector, btree_gin }, loadDataDir });
  const mutex = new Mutex();
  const run = <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    withSafeErrors(async () => (await q.query<T>(sql, params ? [...params] : undefined)).rows);

  return {
    engine: 'pglite',
    query: (sql, params) => inLane(() => mutex.run(() => run(pg, sql, params))),
    transaction: (fn) =>
      inLane(() =>
        mutex.run(() =>
          withSafeErrors(() =>
            pg.transaction(async (tx) => {
              const scoped: Queryable = { query: (sql, params) => run(tx, sql, params) };
              return fn(scoped);
            }),
          ),
        ),
      ),
    hasVector: async () => true,
    dumpTo: (file) =>
      mutex.run(async () => {
        const partial = `${file}.${randomUUID()}.partial`;
        try {
          await writeFile(partial, new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer()));
          await rename(partial, file);
        } catch (err) {
          await rm(partial, { force: true });
          throw err;
        }
      }),
    close: () => mutex.run(() => pg.close()),
  };
}
