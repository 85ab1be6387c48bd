import type { Db, Queryable } from '../../src/db/db.js';
import { DatabaseError } from '../../src/db/safeError.js';

/**
 * A real database whose disk can be made full: while `full`, every statement that writes fails
 * with the error PGlite raised on a genuinely full data dir (a 40 MB tmpfs, filled): SQLSTATE 53100,
 * `could not extend file "base/5/16384": No space left on device`, as the engine's error reaches the
 * rest of the server (safeError.ts). Reads keep working, as they did there. CI cannot mount a small
 * filesystem, so the error is injected at the database door instead.
 */
export interface FillableDb extends Db {
  full: boolean;
  /** Writes refused so far. */
  refused: number;
}

const WRITES = /\b(INSERT\s+INTO|UPDATE\s+[a-z_"]+\s+SET|DELETE\s+FROM|CREATE\s|ALTER\s|DROP\s|TRUNCATE\s)/i;

export function diskFullError(): DatabaseError {
  const err = new DatabaseError('could not extend file "base/5/16384": No space left on device');
  Object.assign(err, { code: '53100', severity: 'ERROR', routine: 'mdzeroextend' });
  return err;
}

export function fillableDb(db: Db): FillableDb {
  const wrap = (q: Queryable): Queryable => ({
    query: async (sql, params) => {
      if (fillable.full && WRITES.test(sql)) {
        fillable.refused++;
        throw diskFullError();
      }
      return q.query(sql, params);
    },
  });
  const fillable: FillableDb = {
    full: false,
    refused: 0,
    engine: db.engine,
    query: (sql, params) => wrap(db).query(sql, params),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    hasVector: () => db.hasVector(),
    close: () => db.close(),
  };
  return fillable;
}
