import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATES_SQL } from '../../src/answer/retrieval/candidates.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { openTestDb } from '../helpers/db.js';

/**
 * Tenant isolation in the full-text index (migration 013): on both engines, a bot's candidate
 * lists find its matching chunks inside one scan of the bot-led GIN index, with the bot filter in
 * the index condition, so other bots' rows never reach the heap (the old single-column index matched
 * every bot's rows for a word and dropped the others after reading them).
 */
let db: Db;
const bots: string[] = [];
const BOTS = 4;
const CHUNKS = 1500;

beforeAll(async () => {
  db = await openTestDb();
  for (let b = 0; b < BOTS; b++) {
    const bot = (await insertChatbot(db, { ownerUid: 'tenant-test' })).id;
    bots.push(bot);
    const doc = randomUUID();
    await db.query(`INSERT INTO documents (id, chatbot_id, url, content_hash) VALUES ($1, $2, 'https://example.test/', 'h')`, [doc, bot]);
    // Every bot has the same words: "harbour" in every chunk, "lighthouse" in one chunk in fifty.
    await db.query(
      `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, content)
       SELECT $1, $2, n, 'https://example.test/', 'Harbour notes',
              'The harbour master keeps the tide tables. ' || CASE WHEN n % 50 = 0 THEN 'The lighthouse keeper ' || n ELSE 'Moorings ' || n END
         FROM generate_series(1, $3) AS n`,
      [doc, bot, CHUNKS],
    );
  }
  await db.query('VACUUM ANALYZE chunks');
});
afterAll(() => db?.close());

async function plan(sql: string, params: unknown[]): Promise<string> {
  const rows = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${sql}`, params);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('the full-text index is led by the bot id', () => {
  it('exists on this engine in place of the single-column one', async () => {
    const rows = await db.query<{ indexname: string; indexdef: string }>(
      // This test file's schema only: on PostgreSQL other files' schemas hold chunks tables meanwhile.
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'chunks' AND indexdef LIKE '%gin%'`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(['chunks_bot_tsv_idx']);
    expect(rows[0]!.indexdef).toContain('(chatbot_id, tsv)');
  });

  it("filters by bot inside the index scan: only the bot's own matching rows reach the heap", async () => {
    const text = await plan(`SELECT id FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ to_tsquery('english', 'lighthouse')`, [
      bots[1],
    ]);
    expect(text).toContain('chunks_bot_tsv_idx');
    const cond = text.split('\n').find((l) => l.includes('Index Cond'))!;
    expect(cond).toMatch(/chatbot_id = /);
    expect(cond).toMatch(/tsv @@/);
    // 30 lighthouse chunks in this bot, 120 in the database: the bitmap holds the bot's 30 only.
    expect(text).toMatch(/Bitmap Index Scan on chunks_bot_tsv_idx \(actual rows=30(\.00)? /);
    expect(text).not.toContain('Rows Removed by Filter');
    expect(text).not.toContain('Rows Removed by Index Recheck');
  });

  it("the retriever's candidate lists use it, and find the same chunks as counting does", async () => {
    const params = [bots[2], null, `'lighthous'`, null, null, null, ['lighthous'], 'english'];
    const text = await plan(CANDIDATES_SQL, params);
    expect(text).toContain('chunks_bot_tsv_idx');
    const rows = await db.query<{ id: string }>(CANDIDATES_SQL, params);
    const [{ n }] = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1 AND tsv @@ to_tsquery('english', 'lighthouse')`,
      [bots[2]],
    )) as [{ n: number }];
    expect(n).toBe(CHUNKS / 50);
    expect(rows).toHaveLength(n);
  });
});
