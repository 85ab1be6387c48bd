import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from './db.js';
import { inLane } from './foregroundFirst.js';
import { DatabaseError, safeDbError, type KeptErrorFields } from './safeError.js';

/**
 * Embedded PostgreSQL on a worker thread. PGlite computes on whatever thread calls it, and a query
 * there blocks that thread's event loop for its whole run (a crawl's writes kept the server's main
 * thread 89% busy), so the database lives on a thread of its own that owns the data dir, and this
 * side only posts messages. Transactions keep their callback here: `begin` opens one on the worker,
 * the callback's statements carry its id, and `commit`/`rollback` end it; while it is open the worker
 * holds every other statement back in arrival order (pgliteWorker.mjs). Values cross by structured
 * clone, which keeps what PGlite returns (numbers, bigint, Date, Uint8Array, arrays, parsed JSON)
 * except that a Buffer parameter arrives as the Uint8Array PGlite reads it as anyway.
 */

const WORKER_URL = new URL('./pgliteWorker.mjs', import.meta.url);
/** How long close waits for the worker to finish its work and shut PGlite down before ending it. */
const CLOSE_TIMEOUT_MS = 30_000;

type WireError = KeptErrorFields & {
  message: string;
  engine: boolean;
};

interface Reply {
  id: number;
  rows?: unknown[];
  ok?: boolean;
  error?: WireError;
}

interface Pending {
  resolve(reply: Reply): void;
  reject(err: Error): void;
  /** Where the caller asked, for the stack of an error that comes back. */
  site: Error;
}

export interface PgliteThreadOptions {
  /**
   * Start a new or in-memory database from this dumped data dir (a tar file PGlite's dumpDataDir
   * wrote) instead of an empty cluster: skips initdb and whatever the copy already holds, e.g. a
   * migrated template (clusterTemplate.ts, and in tests).
   */
  from?: string;
  /**
   * PostgreSQL's shared_buffers (e.g. "16MB"), default 128MB. A start spends about a third of its
   * time zeroing them; a test's small database never fills even 16MB.
   */
  sharedBuffers?: string;
  /** Test hook: the worker, to simulate its crash. */
  onWorker?: (worker: Worker) => void;
}

export async function openPgliteThread(dataDir: string | undefined, options: PgliteThreadOptions = {}): Promise<Db> {
  const worker = new Worker(WORKER_URL);
  options.onWorker?.(worker);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let dead: Error | undefined;
  let closing: Promise<void> | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  /** Every caller hears of a lost worker; nothing waits for an answer that cannot come. */
  const die = (reason: string) => {
    if (dead) return;
    dead = new DatabaseError(`The embedded database stopped: ${reason}`);
    (dead as DatabaseError).code = '57P01';
    for (const p of pending.values()) p.reject(withSite(dead, p.site));
    pending.clear();
    worker.unref();
  };
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref(); // an idle database must not keep the process alive
    p.resolve(reply);
  });
  worker.on('error', (err) => die(err.message));
  worker.on('exit', (code) => die(closing ? 'it was closed' : `its thread exited (code ${code})`));
  worker.unref();

  const send = (msg: Record<string, unknown>): Promise<Reply> =>
    new Promise<Reply>((resolve, reject) => {
      const site = new Error('database call');
      if (dead) return reject(withSite(dead, site));
      const id = nextId++;
      try {
        worker.postMessage({ ...msg, id });
      } catch {
        // DataCloneError names the value it could not copy; say only what kind of value it was.
        const kinds = Array.isArray(msg.params) ? [...new Set((msg.params as unknown[]).map((v) => typeof v))].join(', ') : 'none';
        return reject(new DatabaseError(`A query parameter cannot be sent to the database (parameter types: ${kinds})`));
      }
      pending.set(id, {
        resolve: (reply) => (reply.error ? reject(fromWire(reply.error, site)) : resolve(reply)),
        reject,
        site,
      });
      worker.ref();
    });
  const query = async <T>(sql: string, params?: readonly unknown[], tx?: number): Promise<T[]> =>
    (await send({ op: 'query', sql, params: params ? [...params] : undefined, tx })).rows as T[];

  try {
    await send({ op: 'open', dataDir, from: options.from, sharedBuffers: options.sharedBuffers });
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    if (closing) throw new DatabaseError('The embedded database is closed');
    const { id: txId } = await send({ op: 'begin' });
    let open = true;
    const scoped: Queryable = {
      query: <R>(sql: string, params?: readonly unknown[]) =>
        open ? query<R>(sql, params, txId) : Promise.reject(new DatabaseError('The transaction is no longer open')),
    };
    let result: T;
    try {
      result = await fn(scoped);
    } catch (err) {
      open = false;
      // A lost worker took the transaction with it (never committed); otherwise undo it.
      if (!dead) await send({ op: 'rollback', tx: txId }).catch(() => {});
      throw safeDbError(err);
    }
    open = false;
    await send({ op: 'commit', tx: txId });
    return result;
  }

  return {
    engine: 'pglite',
    query: (sql, params) =>
      closing ? Promise.reject(new DatabaseError('The embedded database is closed')) : inLane(() => query(sql, params)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => inLane(() => transaction(fn)),
    hasVector: async () => true,
    dumpTo: async (file) => {
      await send({ op: 'dump', to: file });
    },
    close: () =>
      (closing ??= (async () => {
        if (dead) return;
        // The worker finishes what it was given, closes PGlite cleanly and is then ended; one that
        // does not answer in time is ended anyway (PGlite recovers from its WAL as after a crash).
        const closed = send({ op: 'close' }).catch(() => {});
        const timer = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
        await Promise.race([closed, timer]);
        await worker.terminate();
        await exited;
      })()),
  };
}

/** An error from the worker as the rest of the server sees database errors: no parameters, our stack. */
function fromWire(wire: WireError, site: Error): Error {
  if (!wire.engine) return withSite(new Error(wire.message), site);
  const raw = Object.assign(new Error(wire.message), {
    code: wire.code,
    severity: wire.severity,
    constraint: wire.constraint,
    table: wire.table,
    column: wire.column,
    routine: wire.routine,
  });
  raw.stack = site.stack;
  return safeDbError(raw) as Error;
}

function withSite<E extends Error>(err: E, site: Error): E {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(err) as object) as E, err);
  copy.message = err.message;
  const frames = (site.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  copy.stack = [`${err.name}: ${err.message}`, ...frames].join('\n');
  return copy;
}
