import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Db, Queryable } from '../../src/db/db.js';
import { foregroundQuietMs, inBackground } from '../../src/db/foregroundFirst.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { MarkdownChunker } from '../../src/index/chunker.js';
import { BATCH_CHUNKS, Indexer, QUIET_BATCH_CHUNKS, QUIET_MS } from '../../src/index/indexer.js';
import { HandlerRegistry } from '../../src/jobs/registry.js';
import { startWorker } from '../../src/jobs/worker.js';
import { onPostgres, openTestDb } from '../helpers/db.js';

/**
 * A crawl's batches are small while visitors' statements reach the embedded database (a question
 * waits behind one statement of a batch at most) and four times larger once none has for QUIET_MS,
 * or on PostgreSQL, where a batch is a transaction no other session waits for. The task worker's
 * own polls are background work and never hold the batches small.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Pages of `chunksEach` sections, a chunk each (the chunker below merges no sections). */
const page = (i: number, chunksEach: number) => ({
  url: `https://docs.example/p${i}`,
  title: `Page ${i}`,
  contentHash: `h${i}`,
  markdown: Array.from(
    { length: chunksEach },
    (_, j) => `## Lamp ${i}.${j}\n\nThe keeper trims lamp ${j} of tower ${i} at dusk and logs the oil burned that night.`,
  ).join('\n\n'),
});

/** Chunk counts of each chunk-writing statement run through db. */
function chunkStatements(on: Db): { db: Db; batches: number[] } {
  const batches: number[] = [];
  const wrap =
    (q: Queryable): Queryable['query'] =>
    async (sql, params) => {
      const rows = await q.query(sql, params);
      if (/INSERT INTO chunks/.test(sql)) batches.push(rows.length);
      return rows as never;
    };
  return { db: { ...on, query: wrap(on), transaction: (fn) => on.transaction((tx) => fn({ query: wrap(tx) })) }, batches };
}

async function indexPages(target: Db, n: number, chunksEach: number): Promise<number[]> {
  // Made in the background too: a foreground statement here would end the quiet spell.
  const bot = await inBackground(() => insertChatbot(db, { ownerUid: 'owner' }));
  const watched = chunkStatements(target);
  const chunker = new MarkdownChunker({ minChars: 1 });
  const probe = chunker.chunk('Page 0', page(0, chunksEach).markdown).length;
  expect(probe).toBe(chunksEach);
  await inBackground(async () => {
    const indexer = new Indexer(watched.db, { chatbotId: bot.id, taskId: randomUUID(), live: true, chunker });
    for (let i = 0; i < n; i++) await indexer.add(page(i, chunksEach));
    await indexer.flush();
  });
  return watched.batches;
}

describe('a crawl’s batch size', () => {
  it.runIf(!onPostgres())(
    'is small while a visitor’s statement ran on the embedded database lately, larger after a quiet spell',
    async () => {
      // 20 pages of 12 chunks: 240 chunks.
      await db.query('SELECT 1'); // a visitor's statement (foreground) just now
      expect(await indexPages(db, 20, 12)).toEqual([60, 60, 60, 60]);
      await sleep(QUIET_MS + 100);
      expect(foregroundQuietMs()).toBeGreaterThanOrEqual(QUIET_MS);
      expect(await indexPages(db, 20, 12)).toEqual([QUIET_BATCH_CHUNKS]);
    },
  );

  it.runIf(onPostgres())('on PostgreSQL is the larger one at once', async () => {
    await db.query('SELECT 1');
    expect(await indexPages(db, 20, 12)).toEqual([QUIET_BATCH_CHUNKS]);
    expect(QUIET_BATCH_CHUNKS).toBe(4 * BATCH_CHUNKS);
  });

  it.runIf(!onPostgres())('is not held small by the task worker’s polls, which are background work', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const quiet = { info() {}, warn() {}, error() {} };
    const worker = startWorker({ db, config, registry: new HandlerRegistry(), log: quiet, pollMs: 50, backfill: false });
    try {
      await sleep(QUIET_MS + 300);
      expect(foregroundQuietMs()).toBeGreaterThanOrEqual(QUIET_MS);
    } finally {
      await worker.stop();
    }
  });
});
