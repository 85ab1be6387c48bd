import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { normaliseOrigin } from '../../src/http/originPolicy.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

/** Issue 18: what visitors see first (greeting, starters), their thumbs on answers, and who may embed a bot. */
let t: TestApp;
let owner: { idToken: string; uid: string };
let botId: string;
const visitor = newVisitorId();

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://docent.test' } });
  owner = await signIn('settings-owner@example.com');
  botId = (await insertChatbot(t.db, { ownerUid: owner.uid, name: 'Harbour', description: 'Moorings' })).id;
});
afterAll(() => t?.close());

const patch = (body: unknown, id = botId) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/chatbots/${id}`,
    headers: { authorization: `Bearer ${owner.idToken}` },
    payload: body as object,
  });

async function conversationWithAnswer(visitorId: string, chatbot = botId) {
  const conv = (
    await t.app.inject({ method: 'POST', url: `/api/v1/chatbots/${chatbot}/conversations`, payload: { visitor_id: visitorId } })
  ).json().data as { id: string };
  const question = await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: 'Where are the moorings?' });
  const answer = await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'assistant', content: 'On the east quay.' });
  return { conv: conv.id, question: question.id, answer: answer.id };
}

const rate = (
  ids: { conv: string; message: string },
  rating: unknown,
  visitorId = visitor,
  headers: Record<string, string> = {},
  chatbot = botId,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/chatbots/${chatbot}/conversations/${ids.conv}/messages/${ids.message}/feedback`,
    headers,
    payload: { rating, visitor_id: visitorId } as object,
  });

const listMessages = async (conv: string, visitorId = visitor) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/conversations/${conv}/messages?visitor_id=${visitorId}` })).json()
    .data.messages as {
    id: string;
    role: string;
    feedback: number | null;
  }[];

describe('greeting and starter questions', () => {
  it('are saved by the owner and shown publicly, without the allowed domains', async () => {
    const res = await patch({
      greeting: '  Ahoy! Ask me about the harbour.  ',
      starter_questions: [' Where can I moor? ', 'What does a berth cost?', 'Where can I moor?'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      greeting: 'Ahoy! Ask me about the harbour.',
      starter_questions: ['Where can I moor?', 'What does a berth cost?'],
    });
    await patch({ allowed_origins: ['harbour.example'] });
    const pub = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/public` });
    expect(pub.json().data).toEqual({
      id: botId,
      name: 'Harbour',
      description: 'Moorings',
      greeting: 'Ahoy! Ask me about the harbour.',
      starter_questions: ['Where can I moor?', 'What does a berth cost?'],
      language: 'en',
    });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/${botId}`,
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(own.json().data.chatbot).toMatchObject({
      greeting: 'Ahoy! Ask me about the harbour.',
      allowed_origins: ['https://harbour.example'],
    });
    await patch({ allowed_origins: [] });
  });

  it('refuses too long, too many, blank or non-text entries with a clear 422', async () => {
    const cases: [unknown, string][] = [
      [{ greeting: 'x'.repeat(501) }, 'greeting must be at most 500 characters'],
      [{ starter_questions: ['a', 'b', 'c', 'd', 'e'] }, 'at most 4 starter questions'],
      [{ starter_questions: ['fine', '   '] }, 'a starter question must not be blank'],
      [{ starter_questions: ['q'.repeat(151)] }, 'a starter question must be at most 150 characters'],
      [{ starter_questions: 'Where?' }, 'starter_questions must be a list of questions'],
      [{ greeting: 42 }, 'greeting must be text'],
    ];
    for (const [body, msg] of cases) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail[0].msg).toBe(msg);
    }
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/public` });
    expect(after.json().data.starter_questions).toEqual(['Where can I moor?', 'What does a berth cost?']);
  });
});

describe('allowed domains', () => {
  it('normalises entries to origins and explains the bad ones', () => {
    expect(normaliseOrigin('Example.com')).toEqual({ origin: 'https://example.com' });
    expect(normaliseOrigin('https://example.com/')).toEqual({ origin: 'https://example.com' });
    expect(normaliseOrigin('http://localhost:8080')).toEqual({ origin: 'http://localhost:8080' });
    expect(normaliseOrigin('https://example.com:443')).toEqual({ origin: 'https://example.com' });
    expect(normaliseOrigin('https://example.com/blog')).toEqual({ problem: expect.stringContaining('without a path') });
    expect(normaliseOrigin('ftp://example.com')).toEqual({ problem: expect.stringContaining('http:// or https://') });
    expect(normaliseOrigin('not a site')).toEqual({ problem: expect.stringContaining('is not a site address') });
    expect(normaliseOrigin('*.example.com')).toEqual({ problem: expect.any(String) });
  });

  it('refuses bad lists with a 422 naming the entry', async () => {
    const res = await patch({ allowed_origins: ['example.com', 'https://example.com/blog'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'allowed_origins', 1],
      msg: expect.stringContaining("'https://example.com/blog'"),
    });
    const many = await patch({ allowed_origins: Array.from({ length: 21 }, (_, i) => `site${i}.example`) });
    expect(many.json().detail[0].msg).toBe('allowed_origins: at most 20 sites');
  });

  it('lets only listed sites, Docent itself and non-browser callers use the public routes', async () => {
    const ids = await conversationWithAnswer(visitor);
    expect(
      (await patch({ allowed_origins: ['https://shop.example', 'shop.example', 'http://localhost:3000'] })).json().data.allowed_origins,
    ).toEqual(['https://shop.example', 'http://localhost:3000']);
    const routes = (origin?: string) => {
      const headers: Record<string, string> = origin ? { origin } : {};
      const base = `/api/v1/chatbots/${botId}`;
      return [
        t.app.inject({ method: 'GET', url: `${base}/public`, headers }),
        t.app.inject({ method: 'GET', url: `${base}/conversations?visitor_id=${visitor}`, headers }),
        t.app.inject({ method: 'POST', url: `${base}/conversations`, headers, payload: { visitor_id: visitor } }),
        t.app.inject({ method: 'GET', url: `${base}/conversations/${ids.conv}/messages?visitor_id=${visitor}`, headers }),
        t.app.inject({
          method: 'POST',
          url: `${base}/conversations/${ids.conv}/messages`,
          headers,
          payload: { visitor_id: visitor, content: 'Where can I moor?' },
        }),
        rate({ conv: ids.conv, message: ids.answer }, 1, visitor, headers),
      ];
    };
    for (const res of await Promise.all(routes('https://evil.example'))) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ success: false, detail: 'This chatbot is not available on this website.' });
      // Still readable by the refused page, so the widget can say why.
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    for (const origin of ['https://shop.example', 'http://localhost:3000', 'https://docent.test', undefined]) {
      for (const res of await Promise.all(routes(origin))) expect([200, 201], `${origin} ${res.body}`).toContain(res.statusCode);
    }
    // A page served by this very server, under whichever host name it was reached.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/${botId}/public`,
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(own.statusCode).toBe(200);
    // A preflight for the rating PUT is answered for any site.
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/chatbots/${botId}/conversations/${ids.conv}/messages/${ids.answer}/feedback`,
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'PUT' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-methods']).toContain('PUT');

    await patch({ allowed_origins: [] });
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/${botId}/public`,
      headers: { origin: 'https://evil.example' },
    });
    expect(open.statusCode).toBe(200);
  });
});

describe('feedback on answers', () => {
  it('stores, changes and clears the thumbs; the listing shows it after a reload', async () => {
    const ids = await conversationWithAnswer(visitor);
    expect((await listMessages(ids.conv)).map((m) => m.feedback)).toEqual([null, null]);
    const up = await rate({ conv: ids.conv, message: ids.answer }, 1);
    expect(up.json()).toEqual({ success: true, data: { message_id: ids.answer, feedback: 1 } });
    expect((await listMessages(ids.conv))[1]!.feedback).toBe(1);
    await rate({ conv: ids.conv, message: ids.answer }, -1);
    expect((await listMessages(ids.conv))[1]!.feedback).toBe(-1);
    const rows = await t.db.query<{ rating: number; chatbot_id: string }>(
      'SELECT rating, chatbot_id FROM message_feedback WHERE message_id = $1',
      [ids.answer],
    );
    expect(rows).toEqual([{ rating: -1, chatbot_id: botId }]);
    await rate({ conv: ids.conv, message: ids.answer }, null);
    expect((await listMessages(ids.conv))[1]!.feedback).toBeNull();
    expect(await t.db.query('SELECT 1 FROM message_feedback WHERE message_id = $1', [ids.answer])).toHaveLength(0);
  });

  it('shows a rating another server process stored, even when this one has the conversation cached (PostgreSQL)', async () => {
    if (t.db.engine !== 'postgres') return; // PGlite: one process writes, and it forgets its cached copy itself.
    const ids = await conversationWithAnswer(visitor);
    expect((await listMessages(ids.conv))[1]!.feedback).toBeNull(); // now cached
    await t.db.query('INSERT INTO message_feedback (message_id, chatbot_id, rating) VALUES ($1, $2, 1)', [ids.answer, botId]);
    expect((await listMessages(ids.conv))[1]!.feedback).toBe(1);
    await t.db.query('DELETE FROM message_feedback WHERE message_id = $1', [ids.answer]);
    expect((await listMessages(ids.conv))[1]!.feedback).toBeNull();
  });

  it("is 404 for another visitor, a question, or another bot's message", async () => {
    const ids = await conversationWithAnswer(visitor);
    const stranger = await rate({ conv: ids.conv, message: ids.answer }, 1, newVisitorId());
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ success: false, detail: 'Message not found' });
    expect((await rate({ conv: ids.conv, message: ids.question }, 1)).statusCode).toBe(404);
    const other = (await insertChatbot(t.db, { ownerUid: owner.uid, name: 'Other' })).id;
    const elsewhere = await conversationWithAnswer(visitor, other);
    expect((await rate({ conv: elsewhere.conv, message: elsewhere.answer }, 1)).statusCode).toBe(404);
    expect((await rate({ conv: ids.conv, message: elsewhere.answer }, 1)).statusCode).toBe(404);
    expect(
      await t.db.query('SELECT 1 FROM message_feedback WHERE message_id IN ($1, $2, $3)', [ids.answer, ids.question, elsewhere.answer]),
    ).toHaveLength(0);
  });

  it('refuses ratings other than 1, -1 or null', async () => {
    const ids = await conversationWithAnswer(visitor);
    for (const bad of [0, 2, '1', 'up', true]) {
      const res = await rate({ conv: ids.conv, message: ids.answer }, bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().detail[0].msg).toBe('rating must be 1 (thumbs up), -1 (thumbs down) or null (clear)');
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/chatbots/${botId}/conversations/${ids.conv}/messages/${ids.answer}/feedback`,
      payload: { visitor_id: visitor },
    });
    expect(missing.statusCode).toBe(422);
  });
});
