import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { CONVERSATIONS_CHANNEL } from '../../src/db/repositories/conversationListCache.js';
import { renameConversation } from '../../src/db/repositories/conversations.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { newVisitorId, type TestApp } from '../helpers/app.js';
import { countedApp, otherProcess, untilFromMemory, type CountingDb } from '../helpers/countingDb.js';
import { onPostgres } from '../helpers/db.js';
import { startConversation } from '../helpers/visitorConversation.js';

/**
 * Issue 40: a visitor's conversation list, and the widget's open (bootstrap), come from memory once
 * read, never another visitor's, and every write to the visitor's conversations shows at once: in
 * this process, and (PostgreSQL) in another process sharing the database, by the write's notice.
 */

let base: Db;
let db: CountingDb;
let t: TestApp;
let owner: { idToken: string; uid: string };
let bot: string;

beforeAll(async () => {
  ({ base, db, t, owner } = await countedApp('conversation-cache-owner@example.com'));
  bot = (await insertChatbot(db, { ownerUid: owner.uid, name: 'Ferry desk', description: 'Crossings' })).id;
});
afterAll(async () => {
  await t?.close();
  await base?.close();
});

const listOf = async (app: TestApp, visitor: string, id = bot) => {
  const res = await app.app.inject({ method: 'GET', url: `/api/v1/chatbots/${id}/conversations?visitor_id=${visitor}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.conversations as { id: string; title: string; message_count: number }[];
};

const open = async (app: TestApp, visitor: string) => {
  const res = await app.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bot}/bootstrap?visitor_id=${visitor}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    conversations: { id: string; title: string; message_count: number }[];
    conversation_id: string | null;
    messages: { content: string }[];
  };
};

const start = (app: TestApp, visitor: string, title: string) => startConversation(app, bot, visitor, title);

/** PostgreSQL: lists are kept only once the notice connection listens; read until one comes from memory. */
const untilListFromMemory = (app: TestApp, counted: CountingDb, visitor: string) =>
  untilFromMemory(counted, () => listOf(app, visitor), "the visitor's list");

describe("a visitor's conversation list, cached", () => {
  it('is read from memory when repeated, and never served to another visitor', async () => {
    const alice = newVisitorId();
    const mallory = newVisitorId();
    const a = await start(t, alice, 'Timetable');
    await untilListFromMemory(t, db, alice);
    const before = db.count;
    for (let i = 0; i < 10; i++) expect((await listOf(t, alice)).map((c) => c.id)).toEqual([a]);
    expect(db.count - before).toBe(0);
    // Mallory asks with her own id: her (empty) list, not Alice's cached one; then her own.
    expect(await listOf(t, mallory)).toEqual([]);
    const m = await start(t, mallory, 'Mallory private');
    expect((await listOf(t, mallory)).map((c) => c.id)).toEqual([m]);
    expect((await listOf(t, alice)).map((c) => c.id)).toEqual([a]);
  });

  it('shows a new conversation, a message appended and a rename at once', async () => {
    const visitor = newVisitorId();
    const first = await start(t, visitor, 'Fares');
    await untilListFromMemory(t, db, visitor);
    const second = await start(t, visitor, 'Cabins');
    expect((await listOf(t, visitor)).map((c) => c.id)).toEqual([second, first]);
    await untilListFromMemory(t, db, visitor);
    // A message makes the older conversation the most recent, with its new count.
    await appendMessage(db, t.ctx.messageCache, first, { role: 'user', content: 'How much is a return?' });
    const listed = await listOf(t, visitor);
    expect(listed.map((c) => [c.id, c.message_count])).toEqual([
      [first, 1],
      [second, 0],
    ]);
    await untilListFromMemory(t, db, visitor);
    await renameConversation(db, first, 'Return fares');
    expect((await listOf(t, visitor))[0]!.title).toBe('Return fares');
  });

  it('opens the widget from memory, and an answer written after is in the next open', async () => {
    const visitor = newVisitorId();
    const conv = await start(t, visitor, 'Crossing times');
    await appendMessage(db, t.ctx.messageCache, conv, { role: 'user', content: 'When is the first ferry?' });
    await untilListFromMemory(t, db, visitor);
    expect((await open(t, visitor)).messages.map((m) => m.content)).toEqual(['When is the first ferry?']);
    const before = db.count;
    const again = await open(t, visitor);
    expect(again.conversation_id).toBe(conv);
    expect(again.messages.map((m) => m.content)).toEqual(['When is the first ferry?']);
    // PGlite: nothing asked; PostgreSQL: the message cache's one check (another process may write).
    expect(db.count - before).toBe(onPostgres() ? 1 : 0);
    await appendMessage(db, t.ctx.messageCache, conv, { role: 'assistant', content: 'At 6:40.' });
    const after = await open(t, visitor);
    expect(after.messages.map((m) => m.content)).toEqual(['When is the first ferry?', 'At 6:40.']);
    expect(after.conversations[0]!.message_count).toBe(2);
    // Another visitor opening gets nothing of this one's, cached or not.
    const other = await open(t, newVisitorId());
    expect(other.conversations).toEqual([]);
    expect(other.messages).toEqual([]);
  });

  it("a deleted bot's lists are gone with it", async () => {
    const doomed = (await insertChatbot(db, { ownerUid: owner.uid, name: 'Last sailing' })).id;
    const visitor = newVisitorId();
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/chatbots/${doomed}/conversations`, payload: { visitor_id: visitor } });
    expect(res.statusCode).toBe(201);
    expect(await listOf(t, visitor, doomed)).toHaveLength(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/chatbots/${doomed}`,
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(del.statusCode).toBeLessThan(300);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${doomed}/conversations?visitor_id=${visitor}` });
    expect(gone.statusCode).toBe(404);
  });
});

describe.runIf(onPostgres())('two server processes on one PostgreSQL database', () => {
  const other = otherProcess(() => base);

  /** Poll the other process until its list shows what is expected (the notice is asynchronous). */
  async function seenByOther(visitor: string, expected: (list: { id: string; title: string }[]) => boolean): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (expected(await listOf(other.app, visitor))) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the other process kept serving the old list');
  }

  it("every writer announces the visitor's change, and the other process's cached list follows the notice alone", async () => {
    const heard: string[] = [];
    const stop = await base.listen!(
      CONVERSATIONS_CHANNEL,
      (payload) => heard.push(payload),
      () => {},
    );
    const visitor = newVisitorId();
    const key = `${bot} ${visitor}`;
    const waitHeard = async (n: number) => {
      for (let i = 0; i < 200 && heard.filter((p) => p === key).length < n; i++) await new Promise((r) => setTimeout(r, 25));
      expect(heard.filter((p) => p === key)).toHaveLength(n);
    };
    try {
      const first = await start(t, visitor, 'Pets aboard');
      await waitHeard(1);
      await appendMessage(base, t.ctx.messageCache, first, { role: 'user', content: 'Can my dog come?' });
      await waitHeard(2);
      await renameConversation(base, first, 'Dogs aboard');
      await waitHeard(3);
    } finally {
      await stop();
    }
    // Writes made in this test process also forget in the other app's cache (same process): to see
    // the notice alone at work, write as another process's code would, in SQL with its announcement.
    await untilListFromMemory(other.app, other.db, visitor);
    await base.query(
      `WITH u AS (UPDATE conversations SET title = 'Dogs and cats aboard' WHERE chatbot_id = $1 AND visitor_id = $2 RETURNING chatbot_id, visitor_id)
       SELECT 1 FROM u, pg_notify('${CONVERSATIONS_CHANNEL}', u.chatbot_id || ' ' || u.visitor_id)`,
      [bot, visitor],
    );
    await seenByOther(visitor, (list) => list[0]?.title === 'Dogs and cats aboard');
    const opened = await open(other.app, visitor);
    expect(opened.messages.map((m) => m.content)).toEqual(['Can my dog come?']);
  });
});
