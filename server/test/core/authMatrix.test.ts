import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { ROUTE_DOCS } from '../../src/http/openapi/routeDocs.js';
import { enqueueTask } from '../../src/jobs/queue.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

/**
 * The authorization matrix, generated from the routes the app registered (its OpenAPI document is
 * built from them, openapi.test.ts checks that) and their access class (routeDocs.ts): a new route
 * enters the matrix by being registered, and fails here until it has an access class and, if it
 * takes input, an example request.
 *  - owner routes: no token, a garbage token and a tampered token are 401; another owner's bot is 404
 *    and stays as it was; the owner's own request gets past both (so the 404 is about ownership);
 *  - visitor routes: another visitor_id never sees the visitor's conversation (404 on it, absent
 *    from lists);
 *  - public routes answer without any credential.
 */
let t: TestApp;
let alice: { idToken: string; uid: string };
let bob: { idToken: string; uid: string };
let bot: string;
let conversation: string;
/** An answer in the visitor's conversation, for the routes that name a message. */
let answer: string = randomUUID();
/** A task of Alice's bot for the routes that name one (a random id until the owner's own pass makes one). */
let task: string = randomUUID();
const visitor = newVisitorId();
const stranger = newVisitorId();

beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob] = await Promise.all([signIn('matrix-alice@example.com'), signIn('matrix-bob@example.com')]);
  bot = (await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Alice bot', description: 'Harbour notes' })).id;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${bot}/conversations`,
    payload: { visitor_id: visitor, title: 'Private chat' },
  });
  conversation = res.json().data.id;
  // A reply of Alice's bot, for the owner routes that name one (the insights verdict and review).
  answer = (await appendMessage(t.db, t.ctx.messageCache, conversation, { role: 'assistant', content: 'By the harbour wall.' })).id;
});
afterAll(() => t?.close());

interface Example {
  query?: Record<string, string>;
  body?: unknown;
}

/** A request each route accepts from its rightful caller. */
const examples = (visitorId: string): Record<string, Example> => ({
  'PATCH /api/v1/chatbots/:id': { body: { name: 'Renamed' } },
  'PATCH /api/v1/chatbots/:id/prompts': { body: { system_prompt: 'Be brief.' } },
  'POST /api/v1/chatbots/:id/query': { body: { question: 'Where are the moorings?' } },
  'POST /api/v1/indexing/crawl': { body: { chatbot_id: bot } },
  'POST /api/v1/indexing/collect-urls': { body: { url: 'https://example.com/' } },
  'POST /api/v1/crawl-and-index': { body: { url: 'https://example.com/' } },
  'POST /api/v1/indexing/index-urls': { body: { urls: ['https://example.com/'] } },
  'GET /api/v1/crawl-and-index/tasks/:chatbotId': { query: { task_type: 'all' } },
  'GET /api/v1/chatbots/:id/insights/conversations': { query: { q: 'moorings', page: '1', limit: '10' } },
  'GET /api/v1/chatbots/:id/insights/conversations/export': { query: { format: 'csv' } },
  'GET /api/v1/chatbots/:id/insights/unanswered': { query: { status: 'open' } },
  'POST /api/v1/chatbots/:id/insights/unanswered/review': { body: { reply_ids: [answer], status: 'dismissed' } },
  'PUT /api/v1/chatbots/:id/insights/replies/:messageId/verdict': { body: { wrong: true } },
  'POST /api/v1/chatbots/:id/sources': { body: { url: 'https://example.com/one-page' } },
  'DELETE /api/v1/chatbots/:id/sources': { query: { url: 'https://example.com/one-page' } },
  'GET /api/v1/chatbots/:id/bootstrap': { query: { visitor_id: visitorId, create: 'true' } },
  'GET /api/v1/chatbots/:id/conversations': { query: { visitor_id: visitorId } },
  'POST /api/v1/chatbots/:id/conversations': { body: { visitor_id: visitorId } },
  'GET /api/v1/chatbots/:id/conversations/:conversationId/messages': { query: { visitor_id: visitorId } },
  'POST /api/v1/chatbots/:id/conversations/:conversationId/messages': {
    body: { content: 'Where are the moorings?', visitor_id: visitorId },
  },
  'PUT /api/v1/chatbots/:id/conversations/:conversationId/messages/:messageId/feedback': { body: { rating: 1, visitor_id: visitorId } },
});

async function registeredRoutes(): Promise<{ key: string; method: string; url: string; takesInput: boolean }[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { in: string }[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([m, op]) => {
      const url = p.replace(/\{(\w+)\}/g, ':$1');
      // A body or a query: the route's own schemas say so (the document is built from them).
      const takesInput = op.requestBody !== undefined || (op.parameters ?? []).some((q) => q.in === 'query');
      return { key: `${m.toUpperCase()} ${url}`, method: m.toUpperCase(), url, takesInput };
    }),
  );
}

function request(route: { key: string; method: string; url: string }, example: Example | undefined, authorization?: string) {
  const url = route.url
    .replace(':conversationId', conversation)
    .replace(':messageId', answer)
    .replace(':taskId', task)
    .replace(/:(id|chatbotId)/, bot);
  const query = example?.query ? `?${new URLSearchParams(example.query)}` : '';
  return t.app.inject({
    method: route.method as 'GET',
    url: url + query,
    headers: authorization ? { authorization } : {},
    ...(example?.body !== undefined ? { payload: example.body as object } : {}),
  });
}

/** Alice's token with its claims changed (another project, Bob's uid): the emulator's own checks refuse it. */
function tampered(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const forged = {
    ...claims,
    aud: 'another-project',
    iss: 'https://securetoken.google.com/another-project',
    sub: bob.uid,
    user_id: bob.uid,
  };
  return `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
}

const targetsBot = (route: { key: string; url: string }, example?: Example) =>
  /:(id|chatbotId)\b/.test(route.url) || (example?.body as { chatbot_id?: string } | undefined)?.chatbot_id === bot;

describe('authorization matrix over every registered route', () => {
  it('knows every route', async () => {
    const routes = await registeredRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const ex = examples(visitor);
    for (const r of routes) {
      const doc = ROUTE_DOCS[r.key];
      expect(doc, `${r.key} has no access class in routeDocs.ts`).toBeDefined();
      if (r.takesInput) expect(ex[r.key], `${r.key} has no example request here`).toBeDefined();
    }
  });

  it('owner routes: 401 without a valid token, 404 for another owner, through for the owner', async () => {
    const ex = examples(visitor);
    const owner = (await registeredRoutes()).filter((r) => ROUTE_DOCS[r.key]?.access === 'owner');
    expect(owner.length).toBeGreaterThanOrEqual(11);
    for (const route of owner) {
      for (const auth of [undefined, 'Bearer garbage', 'Basic YWxpY2U6c2VjcmV0', `Bearer ${tampered(alice.idToken)}`]) {
        const res = await request(route, ex[route.key], auth);
        expect(res.statusCode, `${route.key} with ${auth?.slice(0, 12) ?? 'no token'}`).toBe(401);
        expect(res.json()).toEqual({ success: false, detail: expect.any(String) });
      }
      if (targetsBot(route, ex[route.key])) {
        const res = await request(route, ex[route.key], `Bearer ${bob.idToken}`);
        expect(res.statusCode, `${route.key} by another owner`).toBe(404);
      }
    }
    // Nothing another owner did reached Alice's bot.
    const [row] = await t.db.query<{ name: string }>('SELECT name FROM chatbots WHERE id = $1', [bot]);
    expect(row?.name).toBe('Alice bot');
    expect(await t.db.query('SELECT 1 FROM tasks WHERE chatbot_id = $1', [bot])).toHaveLength(0);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/chatbots', headers: { authorization: `Bearer ${bob.idToken}` } });
    expect(JSON.stringify(listed.json())).not.toContain(bot);

    // The owner's own requests pass both checks (the bot's DELETE last: it removes the bot). Routes naming a
    // task get one of the bot's.
    task = (await enqueueTask(t.db, { chatbotId: bot, taskType: 'crawl', params: {} })).id;
    const own = owner.filter((r) => targetsBot(r, ex[r.key]));
    const removesBot = (r: { method: string; url: string }) => r.method === 'DELETE' && r.url === '/api/v1/chatbots/:id';
    for (const route of [...own.filter((r) => !removesBot(r)), ...own.filter(removesBot)]) {
      const res = await request(route, ex[route.key], `Bearer ${alice.idToken}`);
      expect([401, 404, 422], `${route.key} by its owner: ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
    }
  });

  it("visitor routes: another visitor_id never reaches the visitor's conversation", async () => {
    const visitorRoutes = (await registeredRoutes()).filter((r) => ROUTE_DOCS[r.key]?.access === 'visitor');
    expect(visitorRoutes.length).toBeGreaterThanOrEqual(4);
    const recreate = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Second bot' });
    bot = recreate.id;
    conversation = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/chatbots/${bot}/conversations`,
        payload: { visitor_id: visitor, title: 'Private chat' },
      })
    ).json().data.id;
    answer = (await appendMessage(t.db, t.ctx.messageCache, conversation, { role: 'assistant', content: 'By the harbour wall.' })).id;
    for (const route of visitorRoutes) {
      const res = await request(route, examples(stranger)[route.key]);
      if (route.url.includes(':conversationId')) expect(res.statusCode, route.key).toBe(404);
      else expect(res.statusCode, route.key).toBeLessThan(300);
      expect(res.body, route.key).not.toContain(conversation);
      expect(res.body, route.key).not.toContain('Private chat');
      // The rightful visitor does get through.
      const mine = await request(route, examples(visitor)[route.key]);
      expect(mine.statusCode, `${route.key} by its visitor: ${mine.body.slice(0, 200)}`).toBeLessThan(300);
    }
  });

  it('public routes answer without credentials', async () => {
    const open = (await registeredRoutes()).filter((r) => ROUTE_DOCS[r.key]?.access === 'public');
    expect(open.length).toBeGreaterThanOrEqual(5);
    for (const route of open) {
      const res = await request(route, undefined);
      expect(res.statusCode, route.key).toBe(200);
    }
  });
});
