// Worker-thread entry that owns the embedded database (see pgliteThread.ts for the protocol).
// Plain JS so it starts under any parent (tsx, vitest, node) without a TypeScript loader: PGlite's
// work (parsing, planning, executing in WASM) then runs on this thread's event loop, never the server's.
//
// Messages in:  { id, op: 'open', dataDir, from?, sharedBuffers? } → { id, ok: true }  (from: a dumped data dir's file)
//               { id, op: 'query', sql, params, tx? } → { id, rows }
//               { id, op: 'begin' }                  → { id, ok: true }  (the transaction's id is this id)
//               { id, op: 'commit' | 'rollback', tx } → { id, ok: true }
//               { id, op: 'dump', to }               → { id, ok: true }  (a gzipped tar of the data dir, at `to`)
//               { id, op: 'close' }                  → { id, ok: true }
// Failures:     { id, error: { message, engine, code, severity, constraint, table, column, routine } }
//
// Ordering: every message is handed to PGlite in arrival order. PGlite's own transaction mutex makes
// a plain query wait while a transaction is open, so statements outside it queue here (none is lost)
// and run after its COMMIT or ROLLBACK, in order.
import { Blob } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { PGlite, parse as pgParse, protocol } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';

/**
 * PGlite on the message's data dir; a new or in-memory one may start from a dumped data dir (`from`,
 * a tar file, gzipped or not). `sharedBuffers` (e.g. "16MB") replaces PostgreSQL's 128MB, all of which a start zeroes.
 */
async function openEngine(msg) {
  const options = { dataDir: msg.dataDir, extensions: { vector, btree_gin } };
  if (msg.sharedBuffers) options.postgresqlconf = [`shared_buffers=${msg.sharedBuffers}`];
  if (msg.from) options.loadDataDir = new Blob([await readFile(msg.from)]);
  return PGlite.create(options);
}

/** @type {PGlite | undefined} */
let pg;
/** Open transactions by id: PGlite's scoped handle and how to end it. */
const transactions = new Map();
/** Work handed to PGlite and not yet answered: close waits for it. */
const inFlight = new Set();

// Only these fields cross back: PGlite also attaches the query text and its parameters, which may
// hold visitor data and must never reach a log (safeError.ts does the rest on the other side).
const KEPT = ['code', 'severity', 'constraint', 'table', 'column', 'routine'];

// PGlite's file system reports failures as Emscripten's ErrnoError, with its own errno numbering.
const FS_ERRNO = {
  2: 'permission denied',
  20: 'file exists',
  31: 'is a directory',
  44: 'no such file or directory',
  51: 'no space left on device',
  54: 'not a directory',
  69: 'read-only file system',
};

function messageOf(err) {
  if (err instanceof Error) return err.message;
  if (err && typeof err === 'object' && err.name === 'ErrnoError')
    return `file system error: ${FS_ERRNO[err.errno] ?? `errno ${err.errno}`}`;
  if (err && typeof err === 'object' && typeof err.message === 'string') return err.message;
  return String(err);
}

function describe(err) {
  const out = { message: messageOf(err), engine: !!err && typeof err === 'object' && 'severity' in err };
  if (out.engine) for (const key of KEPT) if (typeof err[key] === 'string') out[key] = err[key];
  return out;
}

function track(id, work) {
  const p = work.then(
    (result) => parentPort.postMessage({ id, ...result }),
    (err) => parentPort.postMessage({ id, error: describe(err) }),
  );
  inFlight.add(p);
  void p.finally(() => inFlight.delete(p));
}

/** Open transaction `id`; resolves once BEGIN ran. `t.ended` settles when it commits or rolls back. */
function begin(id) {
  const t = {};
  transactions.set(id, t);
  return new Promise((began, failed) => {
    t.ended = pg
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(t, { tx, commit, rollback });
            began({ ok: true });
          }),
      )
      .finally(() => transactions.delete(id));
    // A BEGIN that fails never calls the callback: the caller hears of it here.
    t.ended.catch(failed);
    // Close waits for an open transaction to end as it waits for queries.
    const settled = t.ended.catch(() => {});
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  });
}

/** End transaction `tx`: resolving its callback makes PGlite COMMIT, rejecting it ROLLBACK. */
async function end(txId, commit) {
  const t = transactions.get(txId);
  if (!t || !t.commit) throw new Error('The transaction is no longer open');
  const ended = t.ended;
  if (commit) {
    t.commit();
    await ended; // a COMMIT that fails (a deferred constraint) rejects here
  } else {
    const marker = new Error('rolled back');
    t.rollback(marker);
    await ended.catch((err) => {
      if (err !== marker) throw err;
    });
  }
  return { ok: true };
}

async function query(msg) {
  const params = msg.params ?? [];
  if (msg.tx === undefined) {
    // What PGlite's query() holds: no transaction may be open meanwhile, nor another statement run.
    const result = await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => extendedQuery(msg.sql, params)));
    await pg.syncToFs();
    return { rows: result.rows };
  }
  const t = transactions.get(msg.tx);
  if (!t || !t.tx || t.tx.closed) throw new Error('The transaction is no longer open');
  return { rows: (await pg._runExclusiveQuery(() => extendedQuery(msg.sql, params, true))).rows };
}

// PGlite's query() makes six trips into the engine per statement (parse, describe the statement,
// bind, describe the portal, execute, sync), each with its own copy and parse of the messages; for
// the short statements that make up most requests that was ~20% of the database thread (a visitor's
// message listing: 342 → 270 µs). Here a statement seen before is one trip: the parameter types
// that its first run described (by statement text) pick the same serializers PGlite would use, and
// the statement is parsed afresh each time, as PGlite does, so the engine infers its types itself.
/** @type {Map<string, number[]>} statement text → parameter type oids, oldest first */
const parameterTypes = new Map();
const MAX_STATEMENTS = 2000;
// A schema change may change what a statement's parameters and columns are (migrations' statements
// may begin with comments).
const DDL = /^\s*(?:--[^\n]*\n\s*)*(create|alter|drop)\b/i;

// Statements marked with prepared() (db.ts) are kept parsed and planned under a name: the visitor routes'
// few reads, run thousands of times a minute, then skip parsing, analysis and (once PostgreSQL settles
// on a generic plan) planning too, which was most of their time in the engine. Only marked ones: a
// generic plan may suit a search's parameters less well than one made for them.
const PREPARED = '/*prepared*/';
/** @type {Map<string, string>} marked statement text → its name in this session */
const named = new Map();
const MAX_NAMED = 100;
let nextName = 1;

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const serialize = protocol.serialize;
const trip = (parts) => pg.execProtocolStream(parts.length === 1 ? parts[0] : concat(parts), { syncToFs: false });

/** Forget every named statement (a schema change): their plans and result columns may be stale. */
async function forgetNamed() {
  if (!named.size) return;
  const names = [...named.values()];
  named.clear();
  await trip([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]);
}

/** One statement through the extended protocol; call with PGlite's query lock held. */
async function extendedQuery(sql, params, inTransaction = false, retried = false) {
  // A schema change may change what a statement's parameters are: learn them again.
  if (params.length === 0 && DDL.test(sql)) {
    parameterTypes.clear();
    await forgetNamed();
  }
  const prepare = params.length > 0 && sql.startsWith(PREPARED);
  let name = prepare ? named.get(sql) : undefined;
  let types = params.length === 0 ? [] : parameterTypes.get(sql);
  let parsed = false;
  let synced = false;
  try {
    if (!types || (prepare && !name)) {
      const fresh = prepare ? `docent_${nextName++}` : undefined;
      const described = await trip([serialize.parse({ name: fresh, text: sql }), serialize.describe({ type: 'S', name: fresh })]);
      parsed = true;
      types = described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
      if (parameterTypes.size >= MAX_STATEMENTS) parameterTypes.delete(parameterTypes.keys().next().value);
      parameterTypes.set(sql, types);
      if (fresh) {
        if (named.size >= MAX_NAMED) {
          const [oldest, oldName] = named.entries().next().value;
          named.delete(oldest);
          await trip([serialize.close({ type: 'S', name: oldName }), serialize.flush()]);
        }
        named.set(sql, fresh);
        name = fresh;
      }
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const parse = parsed || name ? [] : [serialize.parse({ text: sql })];
    synced = true; // this trip ends with a Sync, whether or not it fails
    const messages = await trip([
      ...parse,
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return pgParse.parseResults(messages, pg.parsers)[0];
  } catch (err) {
    // After an error the engine skips everything up to the next Sync; a trip that did not end
    // with one leaves the statement open: close it, as PGlite's query() does.
    if (!synced) await trip([serialize.sync()]);
    // A named statement whose table changed under it ("cached plan must not change result type"):
    // parse it afresh, at once outside a transaction (inside, the error has ended the transaction).
    if (name && err && err.code === '0A000') {
      named.delete(sql);
      if (!inTransaction && !retried) return extendedQuery(sql, params, false, true);
    }
    throw err;
  }
}

/** Write the data dir as a gzipped tar: to a file of its own first, so `to` is never half written. */
async function dump(to) {
  const tar = await pg.dumpDataDir('gzip');
  const partial = `${to}.${randomUUID()}.partial`;
  try {
    await writeFile(partial, new Uint8Array(await tar.arrayBuffer()));
    await rename(partial, to);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { ok: true };
}

async function close() {
  await Promise.allSettled([...inFlight]);
  await pg?.close();
  pg = undefined;
  return { ok: true };
}

parentPort.on('message', (msg) => {
  const { id, op } = msg;
  if (op === 'open') {
    // Both extensions are always registered: a data dir that has one fails every query without it
    // (btree_gin: the bot-led full-text index of migration 013).
    const opened = openEngine(msg).then(
      (db) => ((pg = db), { ok: true }),
      (err) => {
        throw new Error(`Could not open the embedded database${msg.dataDir ? ` in ${msg.dataDir}` : ''} (${messageOf(err)})`);
      },
    );
    track(id, opened);
  } else if (!pg) {
    parentPort.postMessage({ id, error: { message: 'The embedded database is not open', engine: false } });
  } else if (op === 'query') {
    track(id, query(msg));
  } else if (op === 'begin') {
    track(id, begin(id));
  } else if (op === 'commit' || op === 'rollback') {
    track(id, end(msg.tx, op === 'commit'));
  } else if (op === 'dump') {
    track(id, dump(msg.to));
  } else if (op === 'close') {
    track(id, close());
  } else {
    parentPort.postMessage({ id, error: { message: `Unknown database operation ${String(op)}`, engine: false } });
  }
});
