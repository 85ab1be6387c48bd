import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { presentMessage } from '../../src/http/presenters/message.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';

let t: TestApp;
let botId: string;

beforeAll(async () => {
  t = await buildTestApp();
  botId = (await insertChatbot(t.db, { ownerUid: 'owner-1', name: 'Helper', description: 'Answers questions' })).id;
});
afterAll(() => t.close());

const createConversation = async (visitorId: string, title?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${botId}/conversations`,
    payload: { visitor_id: visitorId, ...(title ? { title } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; title: string; message_count: number };
};

describe('visitor routes', () => {
  it('shows public bot info without anything private', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/public` });
    expect(res.json()).toEqual({
      success: true,
      data: { id: botId, name: 'Helper', description: 'Answers questions', greeting: '', starter_questions: [], language: 'en' },
    });
  });

  it("keeps each visitor's conversations to that visitor", async () => {
    const alice = newVisitorId();
    const mallory = newVisitorId();
    const conv = await createConversation(alice, 'Untitled Conversation');
    expect(conv).toMatchObject({ title: 'Untitled Conversation', message_count: 0 });
    await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: 'secret question' });

    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/conversations?visitor_id=${alice}` });
    expect(mine.json().data.conversations.map((c: { id: string }) => c.id)).toContain(conv.id);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/conversations?visitor_id=${mallory}` });
    expect(theirs.json().data.conversations).toEqual([]);

    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/${botId}/conversations/${conv.id}/messages?visitor_id=${mallory}`,
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('secret');
  });

  it('defaults the title to New Chat and validates the visitor id', async () => {
    expect((await createConversation(newVisitorId())).title).toBe('New Chat');
    for (const bad of ['', 'visitor-short', 'abc', `visitor-${'x'.repeat(200)}`, 'visitor-aaaaaaaaaaaaaaaaaaaaaaaa<script>']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/chatbots/${botId}/conversations`, payload: { visitor_id: bad } });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'visitor_id']);
    }
    const missing = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/conversations` });
    expect(missing.statusCode).toBe(422);
  });

  it('answers 404 for an unknown bot and 422 for a malformed one', async () => {
    const v = newVisitorId();
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/00000000-0000-4000-8000-000000000000/conversations?visitor_id=${v}`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/not-an-id/public` });
    expect(malformed.statusCode).toBe(422);
  });

  it('pages messages in order with after and limit', async () => {
    const v = newVisitorId();
    const conv = await createConversation(v);
    for (let i = 1; i <= 5; i++)
      await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: i % 2 ? 'user' : 'assistant', content: `m${i}` });
    const url = `/api/v1/chatbots/${botId}/conversations/${conv.id}/messages?visitor_id=${v}`;
    const first = await t.app.inject({ method: 'GET', url: `${url}&limit=2` });
    expect(first.json().data.messages.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2']);
    const rest = await t.app.inject({ method: 'GET', url: `${url}&after=2` });
    expect(rest.json().data.messages.map((m: { index: number }) => m.index)).toEqual([3, 4, 5]);
    expect(rest.json().data.messages[0]).toMatchObject({ role: 'user', conversation_id: conv.id, sources: [] });
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/conversations?visitor_id=${v}` });
    expect(list.json().data.conversations[0]).toMatchObject({ id: conv.id, message_count: 5 });
    expect(list.json().data.conversations[0].last_message_at).not.toBeNull();
  });

  it('an uncached read shows every message exactly as it was stored, sources and times included', async () => {
    const v = newVisitorId();
    const conv = await createConversation(v);
    const stored = [
      await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: 'How do I "quote" \\ things?' }),
      await appendMessage(t.db, t.ctx.messageCache, conv.id, {
        role: 'assistant',
        content: 'Like this [1].',
        sources: [{ url: 'https://docs.test/q', title: 'Quoting', snippet: 'Use "…"' }],
        outcome: 'answer',
      }),
    ].map(presentMessage);
    const url = `/api/v1/chatbots/${botId}/conversations/${conv.id}/messages?visitor_id=${v}`;
    t.ctx.messageCache.forgetAll();
    const uncached = (await t.app.inject({ method: 'GET', url })).json().data.messages;
    expect(uncached).toEqual(stored);
    const cached = (await t.app.inject({ method: 'GET', url })).json().data.messages;
    expect(cached).toEqual(stored);
    // Another visitor's id finds nothing, cached or not.
    t.ctx.messageCache.forgetAll();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/chatbots/${botId}/conversations/${conv.id}/messages?visitor_id=${newVisitorId()}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows a new message on the very next read, and nothing once the bot is deleted', async () => {
    const v = newVisitorId();
    const bot = await insertChatbot(t.db, { ownerUid: 'owner-2' });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/chatbots/${bot.id}/conversations`, payload: { visitor_id: v } });
    const conv = res.json().data;
    const url = `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages?visitor_id=${v}`;
    const read = async () => (await t.app.inject({ method: 'GET', url })).json().data.messages.map((m: { content: string }) => m.content);
    await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: 'one' });
    expect(await read()).toEqual(['one']);
    await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'assistant', content: 'two' });
    expect(await read()).toEqual(['one', 'two']);
    // Another process writing to PostgreSQL does not go through this process's cache.
    if (t.db.engine === 'postgres') {
      await t.db.query(`UPDATE conversations SET message_count = 3 WHERE id = $1`, [conv.id]);
      await t.db.query(
        `INSERT INTO messages (id, conversation_id, role, content, "index") VALUES (gen_random_uuid(), $1, 'user', 'three', 3)`,
        [conv.id],
      );
      expect(await read()).toEqual(['one', 'two', 'three']);
    }
    const { deleteChatbot } = await import('../../src/db/repositories/chatbots.js');
    await deleteChatbot(t.db, t.ctx.messageCache, bot.id);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('keeps message indexes 1-based and gap-free under concurrent sends', async () => {
    const conv = await createConversation(newVisitorId());
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: `concurrent ${i}` })),
    );
    expect(results.map((m) => m.index).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const rows = await t.db.query<{ message_count: number }>('SELECT message_count FROM conversations WHERE id = $1', [conv.id]);
    expect(rows[0]?.message_count).toBe(40);
  });

  it('sends CORS headers for any origin on public routes but not on owner routes', async () => {
    const pub = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/chatbots/${botId}/conversations`,
      headers: { origin: 'https://customer.example', 'access-control-request-method': 'POST' },
    });
    expect(pub.statusCode).toBe(204);
    expect(pub.headers['access-control-allow-origin']).toBe('*');
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chatbots',
      headers: { origin: 'https://evil.example' },
    });
    expect(owner.headers['access-control-allow-origin']).toBeUndefined();
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/v1/chatbots', headers: { origin: t.config.publicUrl } });
    expect(dashboard.headers['access-control-allow-origin']).toBe(t.config.publicUrl);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once an IP passes the public limit', async () => {
    const limited = await buildTestApp({ db: t.db, env: { RATE_LIMIT_IP_PER_MINUTE: '5' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        codes.push((await limited.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/public` })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const res = await limited.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/public` });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ success: false, detail: 'Too many requests. Please slow down.' });
    } finally {
      await limited.close();
    }
  });

  it('does not let a forged X-Forwarded-For open a fresh per-IP bucket (TRUST_PROXY off by default)', async () => {
    const limited = await buildTestApp({ db: t.db, env: { RATE_LIMIT_IP_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` };
        codes.push((await limited.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/public`, headers })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts the forwarded client address when the peer is a trusted proxy', async () => {
    // inject() connects from 127.0.0.1, which plays the reverse proxy here.
    const limited = await buildTestApp({ db: t.db, env: { RATE_LIMIT_IP_PER_MINUTE: '1', TRUST_PROXY: '127.0.0.1' } });
    try {
      const get = (ip: string) =>
        limited.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/public`, headers: { 'x-forwarded-for': ip } });
      expect((await get('203.0.113.1')).statusCode).toBe(200);
      expect((await get('203.0.113.1')).statusCode).toBe(429);
      expect((await get('203.0.113.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits conversation creation per visitor, answering 429 with Retry-After', async () => {
    const limited = await buildTestApp({ db: t.db, env: { RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE: '2' } });
    try {
      const create = (visitorId: string) =>
        limited.app.inject({ method: 'POST', url: `/api/v1/chatbots/${botId}/conversations`, payload: { visitor_id: visitorId } });
      const visitor = newVisitorId();
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await create(visitor)).statusCode);
      expect(codes).toEqual([201, 201, 429]);
      const limitedRes = await create(visitor);
      expect(limitedRes.statusCode).toBe(429);
      expect(Number(limitedRes.headers['retry-after'])).toBeGreaterThan(0);
      expect(limitedRes.json()).toEqual({ success: false, detail: 'Too many requests. Please slow down.' });
      // Another visitor (from the same IP, under its limit) is not affected.
      expect((await create(newVisitorId())).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
