import type { Db, Queryable } from './db.js';

/**
 * Run a multi-statement write as separate statements on the embedded database, in one transaction
 * on PostgreSQL.
 *
 * Why: PGlite has one session, so an open transaction holds every visitor's query until it commits.
 * A crawl's batch (pages, chunks, the pages' words, the term counts) took 40 ms at the median and
 * 70 ms at p90 as one transaction, and a question arriving meanwhile waited for all of it: that wait
 * was most of chat's p95 during a crawl. As separate statements, each background one waits for the
 * visitors' queries first (foregroundFirst.ts), so a question waits for one statement at most.
 * PostgreSQL serves other sessions meanwhile and keeps the transaction (one commit, not five).
 *
 * Only for writes whose half-done state readers may see and a retry removes: a task's generation
 * (a retried attempt deletes everything its task wrote first, statistics included; a staged
 * generation is invisible until its swap, which stays one transaction).
 */
export function inSteps<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return db.engine === 'pglite' ? fn(db) : db.transaction(fn);
}
