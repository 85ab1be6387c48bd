import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

/**
 * 'Crawl more' (issue 39): the dashboard learns the server's caps from /client-config and asks the
 * re-crawl route for a higher limit; more than the cap is refused with the cap named (detail envelope).
 */
let t: TestApp;
let alice: { idToken: string; uid: string };
let bob: { idToken: string; uid: string };
let bot: string;
const recrawl = (payload: unknown, token = alice.idToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/indexing/crawl',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
const taskParams = async (id: string) =>
  (await t.db.query<{ params: { max_pages?: number; max_depth?: number } }>('SELECT params FROM tasks WHERE id = $1', [id]))[0]!.params;

beforeAll(async () => {
  // The site is opened by CRAWL_ALLOW_HOSTS (nothing listens there: only the enqueued task is read).
  t = await buildTestApp({ env: { CRAWL_MAX_PAGES: '40', CRAWL_MAX_DEPTH: '4', CRAWL_ALLOW_HOSTS: '127.0.0.1:9' } });
  [alice, bob] = await Promise.all([signIn('more-alice@example.com'), signIn('more-bob@example.com')]);
  bot = (await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Docs', startUrl: 'http://127.0.0.1:9/', maxPages: 10, maxDepth: 2 })).id;
});
afterAll(() => t?.close());

describe('crawl more', () => {
  it('tells the dashboard how far a crawl may go', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.json().data.crawlLimits).toEqual({ maxPages: 40, maxDepth: 4 });
  });

  it('refuses more pages than the cap with the cap named, and starts nothing', async () => {
    const res = await recrawl({ chatbot_id: bot, max_pages: 41 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      detail: [{ loc: ['body', 'max_pages'], msg: "max_pages must be at most 40 (this server's CRAWL_MAX_PAGES)", type: 'too_big' }],
    });
    for (const bad of [{ max_pages: 0 }, { max_pages: 'many' }, { max_pages: 2.5 }]) {
      const r = await recrawl({ chatbot_id: bot, ...bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
      expect(r.json().detail[0].loc).toEqual(['body', 'max_pages']);
    }
    expect(await t.db.query('SELECT 1 FROM tasks WHERE chatbot_id = $1', [bot])).toHaveLength(0);
  });

  it("re-crawls with the doubled page limit, and another owner's bot is not found", async () => {
    expect((await recrawl({ chatbot_id: bot, max_pages: 20 }, bob.idToken)).statusCode).toBe(404);
    const res = await recrawl({ chatbot_id: bot, max_pages: 20 });
    expect(res.statusCode).toBe(200);
    expect(await taskParams(res.json().data.task_id)).toMatchObject({ max_pages: 20 });
  });
});
