import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/db/db.js';
import { inBackground } from '../../src/db/foregroundFirst.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { deleteTaskDocuments, insertDocuments, type NewDocument } from '../../src/db/repositories/documents.js';
import { readTermStats } from '../../src/db/repositories/termStats.js';
import { onPostgres, openTestDb } from '../helpers/db.js';

/**
 * A crawl's batch of pages and chunks: on the embedded database a visitor's query goes between its
 * statements instead of waiting for the whole batch (db/inSteps.ts); on PostgreSQL it stays one
 * transaction. Either way the counts match the chunks, and what a failed batch left is removed by
 * the retried attempt.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const pages = (n: number): NewDocument[] =>
  Array.from({ length: n }, (_, i) => ({
    url: `https://docs.example/page-${i}`,
    title: `Page ${i}`,
    content: `Lighthouse keeper notes, page ${i}.`,
    contentHash: `hash-${i}`,
    chunks: Array.from({ length: 20 }, (_, j) => ({
      ordinal: j,
      headingPath: `Page ${i} › Part ${j}`,
      content: `The lighthouse lamp is trimmed at dusk; section ${j} of page ${i} lists the keeper's duties. `.repeat(8),
    })),
  }));

/** The database as a crawl's writer sees it, telling what each statement is as it starts and ends. */
function watched(on: Db, seen: (event: string, sql: string) => void): Db {
  const wrap =
    (q: Queryable): Queryable['query'] =>
    async (sql, params) => {
      seen('start', sql);
      const rows = await q.query(sql, params);
      seen('end', sql);
      return rows as never;
    };
  return { ...on, query: wrap(on), transaction: (fn) => on.transaction((tx) => fn({ query: wrap(tx) })) };
}

const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: number }>(sql, params))[0]?.n);

describe('a crawl’s batch of pages', () => {
  it.runIf(!onPostgres())('on the embedded database, a visitor’s query runs between its statements, not after them all', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner' });
    const order: string[] = [];
    let visitor: Promise<unknown> | undefined;
    const writer = watched(db, (event, sql) => {
      const what = /INSERT INTO (\w+)/.exec(sql)?.[1];
      if (event !== 'end' || !what) return;
      order.push(`crawl wrote ${what}`);
      // A question arrives as soon as the pages are written, before their chunks.
      if (what === 'documents')
        visitor = db
          .query('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1', [bot.id])
          .then(() => order.push('visitor answered'));
    });
    await inBackground(() => insertDocuments(writer, bot.id, randomUUID(), true, pages(3)));
    await visitor;
    expect(order.slice(0, 3)).toEqual(['crawl wrote documents', 'visitor answered', 'crawl wrote chunks']);
    expect(await count('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1', [bot.id])).toBe(60);
    const stats = await readTermStats(db, bot.id, ['lighthous']);
    expect(stats.total).toBe(60);
    expect(stats.df.get('lighthous')).toBe(60);
  });

  it.runIf(onPostgres())('on PostgreSQL, the batch is one transaction: a failure in it leaves nothing', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner' });
    const failing = watched(db, (event, sql) => {
      if (event === 'start' && sql.includes('INSERT INTO chunks')) throw new Error('lost connection');
    });
    await expect(insertDocuments(failing, bot.id, randomUUID(), true, pages(2))).rejects.toThrow('lost connection');
    expect(await count('SELECT count(*)::int AS n FROM documents WHERE chatbot_id = $1', [bot.id])).toBe(0);
  });

  it('what a failed batch left is gone when its task is retried, and the retry counts right', async () => {
    const bot = await insertChatbot(db, { ownerUid: 'owner' });
    const taskId = randomUUID();
    const failing = watched(db, (event, sql) => {
      if (event === 'end' && sql.includes('INSERT INTO chunks')) throw new Error('the process was killed');
    });
    await expect(inBackground(() => insertDocuments(failing, bot.id, taskId, true, pages(2)))).rejects.toThrow('killed');
    // The retried attempt starts as runIndexingPipeline does: everything its task wrote goes first.
    await deleteTaskDocuments(db, taskId);
    expect(await count('SELECT count(*)::int AS n FROM documents WHERE chatbot_id = $1', [bot.id])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM term_totals WHERE chatbot_id = $1', [bot.id])).toBe(0);
    await inBackground(() => insertDocuments(db, bot.id, taskId, true, pages(2)));
    const stats = await readTermStats(db, bot.id, ['lighthous', 'keeper']);
    expect(stats.total).toBe(40);
    expect(stats.df.get('keeper')).toBe(40);
  });
});
