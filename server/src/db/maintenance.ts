import type { Db } from './db.js';

/**
 * PGlite runs no autovacuum, so after bulk writes (a crawl) Docent does what autovacuum would, for
 * the tables that changed enough and nothing else. Without fresh statistics the planner scans a
 * bot's every chunk instead of using the full-text index (5-10x slower answers); a whole-table
 * `VACUUM ANALYZE` after every crawl, though, made a 12-page crawl take 4.5 s in a data dir of 64k
 * chunks. The thresholds are PostgreSQL's autovacuum defaults:
 *  - ANALYZE a table once rows changed since its last analyse exceed 50 + 10% of its rows; the
 *    change counters start at zero each time the data dir is opened, so a table that grew by more
 *    than 10% of its pages since its last analyse (a crawl before a restart) is analysed too;
 *  - VACUUM it (reclaiming a replaced generation's rows) once dead rows exceed 50 + 20% of its rows;
 *  - flush the pending lists of its GIN (full-text) indexes whenever it took inserts: queries scan
 *    that list row by row, and flushing costs only what was added (VACUUM does it as well).
 * PostgreSQL runs autovacuum itself, so this does nothing there.
 */
export interface MaintenanceDone {
  analyzed: string[];
  vacuumed: string[];
  ginFlushed: string[];
}

interface TableStats {
  name: string;
  reltuples: number;
  relpages: number;
  pages: number;
  n_mod_since_analyze: number;
  n_dead_tup: number;
  n_ins_since_vacuum: number;
  gin_indexes: string[] | null;
}

const ANALYZE_BASE = 50;
const ANALYZE_FRACTION = 0.1;
const VACUUM_BASE = 50;
const VACUUM_FRACTION = 0.2;
const GROWTH_FRACTION = 0.1;

/** Per database, each table's insert count when its GIN pending lists were last flushed. */
const flushedAt = new WeakMap<Db, Map<string, number>>();

/** What to do for one table, from its statistics (`insertsFlushed`: n_ins_since_vacuum at the last flush). */
function plan(t: TableStats, insertsFlushed: number): { analyze: boolean; vacuum: boolean; flushGin: boolean } {
  const rows = Math.max(0, t.reltuples); // -1: never analysed
  const grew = t.pages > t.relpages * (1 + GROWTH_FRACTION) + 1;
  const vacuum = t.n_dead_tup > VACUUM_BASE + VACUUM_FRACTION * rows;
  const analyze = t.n_mod_since_analyze > ANALYZE_BASE + ANALYZE_FRACTION * rows || grew;
  const flushGin = !vacuum && (t.gin_indexes?.length ?? 0) > 0 && (t.n_ins_since_vacuum > insertsFlushed || grew);
  return { analyze, vacuum, flushGin };
}

export async function maintainAfterWrites(db: Db): Promise<MaintenanceDone> {
  const done: MaintenanceDone = { analyzed: [], vacuumed: [], ginFlushed: [] };
  if (db.engine !== 'pglite') return done;
  // This session's counters reach pg_stat_user_tables when it next goes idle; make that now.
  await db.query('SELECT pg_stat_force_next_flush()');
  const tables = await db.query<TableStats>(
    `SELECT quote_ident(s.relname) AS name, c.reltuples::float8 AS reltuples, c.relpages,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
            s.n_mod_since_analyze::float8 AS n_mod_since_analyze, s.n_dead_tup::float8 AS n_dead_tup,
            s.n_ins_since_vacuum::float8 AS n_ins_since_vacuum,
            (SELECT array_agg(quote_ident(ic.relname)::text) FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
              JOIN pg_am am ON am.oid = ic.relam WHERE i.indrelid = c.oid AND am.amname = 'gin') AS gin_indexes
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema()`,
  );
  const flushed = flushedAt.get(db) ?? new Map<string, number>();
  flushedAt.set(db, flushed);
  for (const t of tables) {
    const p = plan(t, flushed.get(t.name) ?? 0);
    // A VACUUM flushes the pending lists too, and restarts the insert count.
    flushed.set(t.name, p.vacuum ? 0 : t.n_ins_since_vacuum);
    if (p.vacuum) {
      await db.query(`VACUUM ${p.analyze ? '(ANALYZE) ' : ''}${t.name}`);
      done.vacuumed.push(t.name);
    } else if (p.analyze) {
      await db.query(`ANALYZE ${t.name}`);
    }
    if (p.analyze) done.analyzed.push(t.name);
    if (p.flushGin) {
      for (const index of t.gin_indexes ?? []) await db.query('SELECT gin_clean_pending_list($1::regclass)', [index]);
      done.ginFlushed.push(t.name);
    }
  }
  return done;
}
