import type { Db, Queryable } from '../../src/db/db.js';

/** Decides whether one statement fails: return true to make it throw as a broken database would. */
export type Fault = (sql: string, params: readonly unknown[]) => boolean;

/**
 * The real database, with statements matching `fault()` failing (inside transactions too). The
 * fault is read on every call, so a test can arm and disarm it. Used to make retrieval or storing
 * fail for real, without mocking any of our code.
 */
export function faultyDb(db: Db, fault: () => Fault | undefined): Db {
  const guard =
    (q: Queryable): Queryable['query'] =>
    async (sql, params) => {
      if (fault()?.(sql, params ?? [])) throw new Error('injected database failure');
      return q.query(sql, params);
    };
  return {
    engine: db.engine,
    query: guard(db),
    transaction: (fn) => db.transaction((tx) => fn({ query: guard(tx) })),
    hasVector: () => db.hasVector(),
    close: () => db.close(),
  };
}
