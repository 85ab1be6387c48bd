import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { createConversation } from '../../src/db/repositories/conversations.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { vectorStoreFor } from '../../src/embeddings/store.js';
import { seedPages } from '../answer/seed.js';
import type { TestApp } from '../helpers/app.js';
import { newVisitorId } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';
import { buildCrawlApp } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite, type Route } from '../fixtures/sites/docsSite.js';

/**
 * Deleting a bot removes everything of it (the privacy policy promises deletion), a crawl that is
 * running at the time included: nothing of the bot is left in any table, in this process's memory,
 * or written afterwards by the crawl.
 */
const PAGES = 20;
// A chain of slow pages: each links to the next, so a crawl that kept going would fetch for seconds.
const slowSite = (): Record<string, Route> => {
  const page = (i: number) =>
    `<html><head><title>Page ${i}</title></head><body><main><h1>Page ${i}</h1><p>Page ${i} explains the slow topic number ${i} in several plain sentences for readers.</p>` +
    `<a href="/p${i + 1}.html">Next page</a></main></body></html>`;
  const routes: Record<string, Route> = { '/': { html: page(-1) } };
  for (let i = 0; i < PAGES; i++) routes[`/p${i}.html`] = { delayMs: 300, then: { html: page(i) } };
  return routes;
};

let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  site = await startSite(slowSite);
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, CRAWL_MAX_PAGES: '40', CRAWL_MAX_DEPTH: '30' });
  t = crawl.t;
  auth = { authorization: `Bearer ${(await signIn('delete-owner@example.com')).idToken}` };
});
afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

/** Rows of the bot left in every table that holds any (chunks and embeddings by their own chatbot_id). */
async function leftovers(botId: string, conversationIds: string[]): Promise<Record<string, number>> {
  const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params))[0]!.n;
  const byBot = [
    'chatbots" WHERE id',
    'sources',
    'tasks',
    'documents',
    'chunks',
    'term_totals',
    'term_stats',
    'index_commits',
    'conversations',
    'message_feedback',
  ];
  const out: Record<string, number> = {};
  for (const table of byBot) {
    const sql = table.includes('WHERE')
      ? `SELECT count(*)::int AS n FROM "${table} = $1`
      : `SELECT count(*)::int AS n FROM ${table} WHERE chatbot_id = $1`;
    out[table.split('"')[0]!] = await count(sql, [botId]);
  }
  out.messages = await count('SELECT count(*)::int AS n FROM messages WHERE conversation_id = ANY($1::uuid[])', [conversationIds]);
  out.conversation_turns = await count('SELECT count(*)::int AS n FROM conversation_turns WHERE conversation_id = ANY($1::uuid[])', [
    conversationIds,
  ]);
  const embeddings = await t.db.query<{ t: string | null }>(`SELECT to_regclass('chunk_embeddings')::text AS t`);
  if (embeddings[0]?.t)
    out.chunk_embeddings = await count('SELECT count(*)::int AS n FROM chunk_embeddings WHERE chatbot_id = $1', [botId]);
  return out;
}

const allZero = (counts: Record<string, number>) => Object.fromEntries(Object.keys(counts).map((k) => [k, 0]));

describe('deleting a bot', () => {
  it('removes everything of it, stops its running crawl, and nothing comes back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crawl-and-index',
      headers: auth,
      payload: { url: `${site.origin}/`, max_depth: 30, max_pages: 40 },
    });
    expect(res.statusCode).toBe(200);
    const { chatbot_id: botId, task_id: taskId } = res.json().data as { chatbot_id: string; task_id: string };

    // A visitor's conversation with feedback, and a turn in progress.
    const conv = await createConversation(t.db, botId, newVisitorId(), 'Visitor chat');
    await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: 'What is the slow topic?' });
    const answer = await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'assistant', content: 'It is slow.', outcome: 'answer' });
    await t.db.query('INSERT INTO message_feedback (message_id, chatbot_id, rating) VALUES ($1, $2, -1)', [answer.id, botId]);
    await t.db.query(
      `INSERT INTO conversation_turns (conversation_id, holder, expires_at) VALUES ($1, gen_random_uuid(), now() + interval '1 minute')`,
      [conv.id],
    );

    // Content from before (a live generation with its term statistics) and a crawl halfway down the chain.
    await seedPages(t.db, botId, [
      { url: `${site.origin}/old.html`, title: 'Old', chunks: [{ content: 'Old content about the slow topic.' }] },
    ]);
    for (let i = 0; i < 200 && !site.hits.get('/p3.html'); i++) await new Promise((r) => setTimeout(r, 50));
    const [task] = await t.db.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [taskId]);
    expect(task?.status).toBe('running');
    const before = await leftovers(botId, [conv.id]);
    expect(before).toMatchObject({
      chatbots: 1,
      tasks: 1,
      documents: 1,
      chunks: 1,
      term_totals: 1,
      conversations: 1,
      messages: 2,
      message_feedback: 1,
      conversation_turns: 1,
    });
    expect(before.term_stats).toBeGreaterThan(0);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/chatbots/${botId}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, data: { id: botId, deleted: true } });
    const after = await leftovers(botId, [conv.id]);
    expect(after).toEqual(allZero(after));

    // The crawl was aborted: it stops fetching (a chain of 20 pages at 300 ms each would go on for seconds)...
    await new Promise((r) => setTimeout(r, 700));
    const fetched = [...site.hits.values()].reduce((a, b) => a + b, 0);
    await new Promise((r) => setTimeout(r, 1500));
    expect([...site.hits.values()].reduce((a, b) => a + b, 0)).toBe(fetched);
    expect(site.hits.get(`/p${PAGES - 1}.html`) ?? 0).toBe(0);
    // ...and wrote nothing back for the deleted bot.
    const later = await leftovers(botId, [conv.id]);
    expect(later).toEqual(allZero(later));

    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}`, headers: auth });
    expect(gone.statusCode).toBe(404);
  });

  it("drops the bot's vectors from memory at once", async () => {
    const owner = await signIn('delete-owner@example.com');
    const bot = await insertChatbot(t.db, { ownerUid: owner.uid, name: 'Vectors' });
    await seedPages(t.db, bot.id, [
      { url: 'https://v.example/a', title: 'A', chunks: [{ content: 'alpha words here' }, { content: 'beta words here' }] },
    ]);
    const chunkIds = (
      await t.db.query<{ id: string }>('SELECT id::text AS id FROM chunks WHERE chatbot_id = $1 ORDER BY id', [bot.id])
    ).map((r) => r.id);
    const store = await vectorStoreFor(t.db);
    const unit = (i: number) => Float32Array.from({ length: 8 }, (_, k) => (k === i ? 1 : 0));
    await store.insert(t.db, bot.id, 'test-model', chunkIds, [unit(0), unit(1)]);
    expect((await store.search(bot.id, 'test-model', unit(0), 5))[0]?.id).toBe(chunkIds[0]);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/chatbots/${bot.id}`,
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(del.statusCode).toBe(200);
    // Without forgetting, the matrix read a moment ago would still answer for a few seconds.
    expect(await store.search(bot.id, 'test-model', unit(0), 5)).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM chunk_embeddings WHERE chatbot_id = $1', [bot.id])).toHaveLength(0);
  });
});
