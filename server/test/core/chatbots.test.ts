import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { enqueueTask } from '../../src/jobs/queue.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

let t: TestApp;
let alice: { idToken: string; uid: string };
let bob: { idToken: string; uid: string };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signIn('alice@example.com');
  bob = await signIn('bob@example.com');
});
afterAll(() => t.close());

describe('owner routes', () => {
  it('answers 401 with the spec message when there is no or a bad token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/chatbots' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, detail: 'User not authenticated' });
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/chatbots', headers: auth('not.a.token') });
    expect(forged.statusCode).toBe(401);
  });

  it("lists only the owner's chatbots, newest first, with counts and the latest task", async () => {
    const older = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Older' });
    await new Promise((r) => setTimeout(r, 5));
    const newer = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Newer' });
    await insertChatbot(t.db, { ownerUid: bob.uid, name: "Bob's" });
    const task = await enqueueTask(t.db, { chatbotId: newer.id, taskType: 'crawl_and_index' });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/chatbots', headers: auth(alice.idToken) });
    expect(res.statusCode).toBe(200);
    const { chatbots } = res.json().data;
    expect(chatbots.map((c: { name: string }) => c.name)).toEqual(['Newer', 'Older']);
    expect(chatbots[0]).toMatchObject({
      id: newer.id,
      document_count: 0,
      rag_enabled: true,
      latest_task: { id: task.id, status: 'queued' },
    });
    expect(chatbots[1]).toMatchObject({ id: older.id, latest_task: null });
  });

  it("hides another owner's chatbot behind 404 on every owner route", async () => {
    const bobs = await insertChatbot(t.db, { ownerUid: bob.uid, name: 'Private' });
    const calls = [
      { method: 'GET' as const, url: `/api/v1/chatbots/${bobs.id}` },
      { method: 'PATCH' as const, url: `/api/v1/chatbots/${bobs.id}`, payload: { name: 'x' } },
      { method: 'PATCH' as const, url: `/api/v1/chatbots/${bobs.id}/prompts`, payload: { system_prompt: 'x' } },
      { method: 'DELETE' as const, url: `/api/v1/chatbots/${bobs.id}` },
      { method: 'GET' as const, url: `/api/v1/crawl-and-index/tasks/${bobs.id}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: auth(alice.idToken) });
      expect(res.statusCode, call.url).toBe(404);
      expect(res.json().success).toBe(false);
    }
    const still = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bobs.id}`, headers: auth(bob.idToken) });
    expect(still.json().data.chatbot.name).toBe('Private');
  });

  it('updates details and prompts and returns the merged chatbot', async () => {
    const bot = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Docs' });
    const details = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${bot.id}`,
      headers: auth(alice.idToken),
      payload: { name: 'Docs bot', description: 'Answers about docs', rag_enabled: false },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({ name: 'Docs bot', description: 'Answers about docs', rag_enabled: false });

    const prompts = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${bot.id}/prompts`,
      headers: auth(alice.idToken),
      payload: { system_prompt: 'Be brief.', response_format: 'Bullet points' },
    });
    expect(prompts.json().data).toMatchObject({ name: 'Docs bot', system_prompt: 'Be brief.', response_format: 'Bullet points' });

    const got = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bot.id}`, headers: auth(alice.idToken) });
    expect(got.json().data.chatbot).toMatchObject({ system_prompt: 'Be brief.', rag_enabled: false, urls: [] });
  });

  it('rejects unknown fields, wrong types and malformed ids with 422 detail lists', async () => {
    const bot = await insertChatbot(t.db, { ownerUid: alice.uid });
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${bot.id}`,
      headers: auth(alice.idToken),
      payload: { name: 'ok', owner_uid: 'hijack' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0]).toMatchObject({ loc: ['body'], type: 'unrecognized_keys' });

    const wrongType = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${bot.id}`,
      headers: auth(alice.idToken),
      payload: { rag_enabled: 'yes' },
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().detail[0].loc).toEqual(['body', 'rag_enabled']);

    const badId = await t.app.inject({ method: 'GET', url: "/api/v1/chatbots/1'%20OR%201=1", headers: auth(alice.idToken) });
    expect(badId.statusCode).toBe(422);
  });

  it('answers 400 for malformed JSON and 413 for oversized bodies', async () => {
    const bot = await insertChatbot(t.db, { ownerUid: alice.uid });
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${bot.id}`,
      headers: { ...auth(alice.idToken), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, detail: 'Malformed JSON body.' });

    const huge = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${bot.id}/prompts`,
      headers: { ...auth(alice.idToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ system_prompt: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
  });

  it('deletes a chatbot with everything it owns', async () => {
    const bot = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Doomed' });
    await enqueueTask(t.db, { chatbotId: bot.id, taskType: 'crawl_and_index' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/chatbots/${bot.id}`, headers: auth(alice.idToken) });
    expect(del.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bot.id}`, headers: auth(alice.idToken) });
    expect(after.statusCode).toBe(404);
    expect(await t.db.query('SELECT 1 FROM tasks WHERE chatbot_id = $1', [bot.id])).toHaveLength(0);
  });

  it('lists tasks newest first with paging and status filter', async () => {
    const bot = await insertChatbot(t.db, { ownerUid: alice.uid });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await enqueueTask(t.db, { chatbotId: bot.id, taskType: i === 2 ? 'crawl' : 'crawl_and_index' })).id);
      await new Promise((r) => setTimeout(r, 5));
    }
    await t.db.query(`UPDATE tasks SET status = 'completed' WHERE id = $1`, [ids[0]]);
    const url = `/api/v1/crawl-and-index/tasks/${bot.id}`;
    const all = await t.app.inject({
      method: 'GET',
      url: `${url}?task_type=crawl_and_index&limit=20&offset=0`,
      headers: auth(alice.idToken),
    });
    expect(all.json().data.map((x: { id: string }) => x.id)).toEqual([...ids].reverse());
    expect(all.json().data[0]).toMatchObject({ progress: { discovered: 0, fetched: 0, indexed: 0, failed: 0, skipped: 0 } });
    const page = await t.app.inject({ method: 'GET', url: `${url}?limit=1&offset=1`, headers: auth(alice.idToken) });
    expect(page.json().data.map((x: { id: string }) => x.id)).toEqual([ids[1]]);
    const done = await t.app.inject({ method: 'GET', url: `${url}?status=completed`, headers: auth(alice.idToken) });
    expect(done.json().data.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    const bad = await t.app.inject({ method: 'GET', url: `${url}?limit=1000`, headers: auth(alice.idToken) });
    expect(bad.statusCode).toBe(422);
  });
});
