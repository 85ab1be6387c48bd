import { createHash } from 'node:crypto';
import pg from 'pg';
import { PREPARED_MARK, type Db, type Queryable } from './db.js';
import { withSafeErrors } from './safeError.js';

// Return int8/numeric counts as JS numbers (ids are uuids; counts never exceed 2^53).
pg.types.setTypeParser(20, (v) => Number(v));

export interface PostgresOptions {
  url: string;
  /** Optional schema to isolate tests; created on open and put first on the search_path. */
  schema?: string;
  max?: number;
}

/** A statement marked prepared() as a named query: node-postgres prepares it once per connection. */
function named(sql: string, params: readonly unknown[] | undefined): pg.QueryConfig {
  const values = params ? [...params] : undefined;
  if (!sql.startsWith(PREPARED_MARK) || !values?.length) return { text: sql, values };
  let hash = statementHashes.get(sql);
  if (!hash) statementHashes.set(sql, (hash = createHash('sha1').update(sql).digest('hex').slice(0, 16)));
  return { name: `docent_${statementGeneration}_${hash}`, text: sql, values };
}
/** Marked statements are a few constants in the code: their hashes, computed once. */
const statementHashes = new Map<string, string>();
/**
 * Part of every statement's name: a table changed under a prepared statement (another process
 * migrated the schema) fails it on every run with "cached plan must not change result type", on every
 * connection that prepared it; new names make each connection prepare them afresh.
 */
let statementGeneration = 0;
const stalePlan = (err: unknown) => (err as { code?: string } | undefined)?.code === '0A000';

/** Run a statement; one whose prepared plan went stale is named anew and run once more. */
async function run(client: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[] | undefined, retry: boolean) {
  const config = named(sql, params);
  try {
    return (await client.query(config)).rows;
  } catch (err) {
    if (!config.name || !stalePlan(err)) throw err;
    if (config.name.startsWith(`docent_${statementGeneration}_`)) statementGeneration++;
    // Inside a transaction the failure has ended it: only the next statements get the new names.
    if (!retry) throw err;
    return (await client.query(named(sql, params))).rows;
  }
}

/** node-postgres pool behind the Db interface, for many API and worker processes on one server. */
export async function openPostgres(opts: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    options: opts.schema ? `-c search_path=${opts.schema},public` : undefined,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  if (opts.schema) {
    // Processes starting together race on IF NOT EXISTS; losing that race (23505) is fine.
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`).catch((err: { code?: string }) => {
      if (err.code !== '23505') throw err;
    });
  }
  let vectorAvailable: boolean | undefined;
  const listeners = new Set<pg.Client>();
  let closed = false;

  const db: Db = {
    engine: 'postgres',
    query: (sql, params) => withSafeErrors(() => run(pool, sql, params, true)),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const scoped: Queryable = {
          query: (sql, params) => withSafeErrors(() => run(client, sql, params, false)),
        };
        const result = await fn(scoped);
        // A deferred constraint fails here, with the row in its detail.
        await withSafeErrors(() => client.query('COMMIT'));
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    hasVector: async () => {
      if (vectorAvailable === undefined) {
        const rows = await pool.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
        vectorAvailable = rows.rowCount === 1;
      }
      return vectorAvailable;
    },
    listen: async (channel, onNotice, onLost) => {
      const client = new pg.Client({ connectionString: opts.url });
      let lost = false;
      const lose = () => {
        if (lost) return;
        lost = true;
        listeners.delete(client);
        client.end().catch(() => {});
        onLost();
      };
      client.on('error', lose);
      client.on('end', lose);
      client.on('notification', (n) => {
        if (n.channel === channel) onNotice(n.payload ?? '');
      });
      if (closed) throw new Error('the database is closed');
      listeners.add(client);
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      return async () => {
        lost = true; // closing on purpose is not a loss
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    close: async () => {
      closed = true;
      const open = [...listeners];
      listeners.clear();
      await Promise.all(open.map((c) => (c.removeAllListeners('end'), c.on('error', () => {}), c.end().catch(() => {}))));
      await pool.end();
    },
  };
  return db;
}
