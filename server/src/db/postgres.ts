import pg from 'pg';
import type { Db, Queryable } from './db.js';
import { withSafeErrors } from './safeError.js';

// Return int8/numeric counts as JS numbers (ids are uuids; counts never exceed 2^53).
pg.types.setTypeParser(20, (v) => Number(v));

export interface PostgresOptions {
  url: string;
  /** Optional schema to isolate tests; created on open and put first on the search_path. */
  schema?: string;
  max?: number;
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
    query: (sql, params) => withSafeErrors(async () => (await pool.query(sql, params ? [...params] : undefined)).rows),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const scoped: Queryable = {
          query: (sql, params) => withSafeErrors(async () => (await client.query(sql, params ? [...params] : undefined)).rows),
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
