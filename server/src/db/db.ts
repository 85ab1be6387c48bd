/** The one database door: PGlite (embedded) and node-postgres (scale-out) both implement it. */
export interface Queryable {
  /** Run one statement with $1..$n parameters and return its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Run fn inside BEGIN/COMMIT; rolls back and rethrows if fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Whether the engine has the pgvector extension available. */
  hasVector(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * PGlite only: write the database's files to `file` as a gzipped tar (whole or not at all), from
   * which a new database can start (clusterTemplate.ts). Call it while nothing else runs.
   */
  dumpTo?(file: string): Promise<void>;
  /**
   * PostgreSQL only: hear NOTIFY on `channel` over a connection of its own. Resolves once listening;
   * `onLost` is called once if that connection fails (notices may have been missed), after which
   * the subscription is dead and the caller subscribes again when it wants to. Closed with the Db.
   */
  listen?(channel: string, onNotice: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
}

/** First row or undefined, for queries that return at most one row. */
export async function one<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T | undefined> {
  const rows = await q.query<T>(sql, params);
  return rows[0];
}

/** What marks a statement for prepare(): a comment, so any engine runs the text as it is. */
export const PREPARED_MARK = '/*prepared*/';

/**
 * A statement the visitor routes run thousands of times a minute, marked to be parsed and planned
 * once per session and reused (PGlite's worker: a named statement, pgliteWorker.mjs; PostgreSQL: a
 * named query on each connection), instead of parsed, analysed and planned on every run. Only for
 * reads whose plan does not hinge on their parameters' values: PostgreSQL may settle on a generic plan.
 */
export const prepared = (sql: string): string => PREPARED_MARK + sql;
