import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { signIn } from '../helpers/auth.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { startConversation } from '../helpers/visitorConversation.js';

// GET /chatbots/{id}/bootstrap (issue #40): one response opens the chat panel, scoped like the
// visitor routes it stands for.
let t: TestApp;
let owner: { authorization: string };
let ownerUid: string;
let botId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await signIn('bootstrap-owner@example.com');
  owner = { authorization: `Bearer ${user.idToken}` };
  ownerUid = user.uid;
  botId = (await insertChatbot(t.db, { ownerUid, name: 'Harbour guide', description: 'Moorings and tides' })).id;
});
afterAll(() => t?.close());

const bootstrap = (bot: string, visitorId: string, extra = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bot}/bootstrap?visitor_id=${visitorId}${extra}`, headers });

const conversationsOf = async (visitorId: string) =>
  (
    await t.db.query<{ title: string }>('SELECT title FROM conversations WHERE chatbot_id = $1 AND visitor_id = $2', [botId, visitorId])
  ).map((r) => r.title);

describe('GET /chatbots/{id}/bootstrap', () => {
  it("returns the bot's public info, only this visitor's conversations and the newest one's messages", async () => {
    const alice = newVisitorId();
    const mallory = newVisitorId();
    const older = await startConversation(t, botId, alice, 'Tides');
    await appendMessage(t.db, t.ctx.messageCache, older, { role: 'user', content: 'When is high tide?' });
    const newer = await startConversation(t, botId, alice, 'Moorings');
    await appendMessage(t.db, t.ctx.messageCache, newer, { role: 'user', content: 'Where can I moor?' });
    const answer = await appendMessage(t.db, t.ctx.messageCache, newer, { role: 'assistant', content: 'By the harbour wall.' });
    const rated = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/chatbots/${botId}/conversations/${newer}/messages/${answer.id}/feedback`,
      payload: { rating: 1, visitor_id: alice },
    });
    expect(rated.statusCode).toBe(200);
    const theirs = await startConversation(t, botId, mallory, 'Mallory private');
    await appendMessage(t.db, t.ctx.messageCache, theirs, { role: 'user', content: 'mallory secret question' });

    const res = await bootstrap(botId, alice);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // The bot's public info exactly as GET …/public gives it.
    expect(data.chatbot).toMatchObject({ id: botId, name: 'Harbour guide', description: 'Moorings and tides', greeting: '' });
    expect(data.chatbot).toEqual((await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/public` })).json().data);
    expect(data.conversations.map((c: { title: string }) => c.title)).toEqual(['Moorings', 'Tides']);
    expect(data.conversation_id).toBe(newer);
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual(['Where can I moor?', 'By the harbour wall.']);
    expect(data.messages[1].feedback).toBe(1);
    // The same conversations and messages, shape for shape, as the spec's listing routes give.
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/conversations?visitor_id=${alice}` });
    expect(data.conversations).toEqual(list.json().data.conversations);
    const listing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/${botId}/conversations/${newer}/messages?visitor_id=${alice}`,
    });
    expect(data.messages).toEqual(listing.json().data.messages);
    // Another visitor's conversations never appear, either way round.
    expect(res.body).not.toContain(theirs);
    expect(res.body).not.toContain('mallory secret');
    const hers = await bootstrap(botId, mallory);
    expect(hers.json().data.conversations.map((c: { id: string }) => c.id)).toEqual([theirs]);
    expect(hers.body).not.toContain(newer);
    expect(hers.body).not.toContain('harbour wall');
    expect(res.body).not.toContain('visitor_id');
  });

  it("creates one 'New Chat' for a visitor without conversations only when asked (create=true)", async () => {
    const visitor = newVisitorId();
    const plain = await bootstrap(botId, visitor);
    expect(plain.json().data).toMatchObject({ conversations: [], conversation_id: null, messages: [] });
    expect(await conversationsOf(visitor)).toEqual([]);

    const first = (await bootstrap(botId, visitor, '&create=true')).json().data;
    expect(first.conversations).toHaveLength(1);
    expect(first.conversations[0]).toMatchObject({ id: first.conversation_id, title: 'New Chat', message_count: 0 });
    expect(first.messages).toEqual([]);
    // Opening again lands in the same conversation rather than making another.
    const again = (await bootstrap(botId, visitor, '&create=true')).json().data;
    expect(again.conversation_id).toBe(first.conversation_id);
    expect(await conversationsOf(visitor)).toEqual(['New Chat']);
  });

  it('over the per-visitor conversation limit, opens without a conversation instead of failing', async () => {
    const visitor = newVisitorId();
    // Use up the visitor's conversation allowance (RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE, 20 by default).
    for (let i = 0; i < t.config.RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE; i++) await t.ctx.limits.visitorConversation(visitor);
    const res = await bootstrap(botId, visitor, '&create=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ conversations: [], conversation_id: null });
    expect(await conversationsOf(visitor)).toEqual([]);
  });

  it("answers an unknown or deleted bot with the spec's 404 detail, and bad input with 422", async () => {
    const visitor = newVisitorId();
    const unknown = await bootstrap('00000000-0000-4000-8000-000000000000', visitor, '&create=true');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, detail: 'Chatbot not found' });

    const doomed = (await insertChatbot(t.db, { ownerUid, name: 'Short lived' })).id;
    expect((await bootstrap(doomed, visitor)).statusCode).toBe(200); // its public info is cached now
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/chatbots/${doomed}`, headers: owner });
    expect(del.statusCode).toBe(200);
    const gone = await bootstrap(doomed, visitor, '&create=true');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, detail: 'Chatbot not found' });
    expect((await t.db.query('SELECT 1 FROM conversations WHERE chatbot_id = $1', [doomed])).length).toBe(0);

    const badVisitor = await bootstrap(botId, 'visitor-short');
    expect(badVisitor.statusCode).toBe(422);
    expect(badVisitor.json().detail[0].loc).toEqual(['query', 'visitor_id']);
    const badCreate = await bootstrap(botId, visitor, '&create=yes');
    expect(badCreate.statusCode).toBe(422);
    expect(badCreate.json().detail[0].loc).toEqual(['query', 'create']);
  });

  it("keeps the bot's allowed origins: another site gets the 403 sentence and nothing is created", async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/chatbots/${botId}`,
      headers: owner,
      payload: { allowed_origins: ['https://harbour.example'] },
    });
    expect(patch.statusCode).toBe(200);
    const visitor = newVisitorId();
    const elsewhere = await bootstrap(botId, visitor, '&create=true', { origin: 'https://copycat.example' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ success: false, detail: 'This chatbot is not available on this website.' });
    expect(await conversationsOf(visitor)).toEqual([]);
    const allowed = await bootstrap(botId, visitor, '&create=true', { origin: 'https://harbour.example' });
    expect(allowed.statusCode).toBe(200);
    // Readable from any site's page, as the other visitor routes are (the widget calls it cross-origin).
    expect(allowed.headers['access-control-allow-origin']).toBe('*');
    expect(allowed.json().data.conversations).toHaveLength(1);
  });
});
