import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { enqueueTask } from '../../src/jobs/queue.js';
import { routeSchema } from '../../src/http/openapi/routeSchemas.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

/**
 * The response half of the OpenAPI document (issue 37 item 3): every route documents the body of its
 * success status from the zod schema the route declares, and the bodies the running app really sends
 * are those schemas' (nothing missing, nothing undeclared).
 */
let t: TestApp;
let owner: { idToken: string; uid: string };
let bot: string;
const visitor = newVisitorId();

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: Json }> }> };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signIn('openapi-responses@example.com');
  bot = (await insertChatbot(t.db, { ownerUid: owner.uid, name: 'Harbour guide', description: 'Moorings and tides' })).id;
  await enqueueTask(t.db, { chatbotId: bot, taskType: 'crawl', params: {} });
});
afterAll(() => t?.close());

/** Whether a JSON Schema says what it holds: an object names its properties, an array its items, all the way down. */
function specific(schema: Json, where: string): string[] {
  if (schema.$ref) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) return alternatives.flatMap((s, i) => specific(s, `${where}|${i}`));
  if (schema.type === 'object') {
    const props = schema.properties as Record<string, Json> | undefined;
    const values = schema.additionalProperties as Json | boolean | undefined;
    if (props && Object.keys(props).length > 0) return Object.entries(props).flatMap(([k, s]) => specific(s, `${where}.${k}`));
    if (values && typeof values === 'object' && values.type) return specific(values, `${where}[*]`);
    return [`${where} is an object without properties`];
  }
  if (schema.type === 'array') return schema.items ? specific(schema.items as Json, `${where}[]`) : [`${where} is an array of anything`];
  return schema.type || schema.const !== undefined || schema.enum ? [] : [`${where} says nothing`];
}

describe('OpenAPI response bodies', () => {
  it('every route documents the body of its success status, property by property', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as const),
    );
    expect(ops.length).toBeGreaterThanOrEqual(30);
    for (const [key, op] of ops) {
      const success = Object.keys(op.responses).find((code) => /^2\d\d$/.test(code));
      expect(success, `${key} has no success status`).toBeDefined();
      const content = op.responses[success!]!.content ?? {};
      expect(Object.keys(content).length, `${key} ${success} has no body`).toBeGreaterThan(0);
      for (const [type, { schema }] of Object.entries(content)) {
        if (type !== 'application/json') {
          // The reference page (HTML) and the CSV export are text; the answer stream lists its events.
          expect(schema.type === 'string' || Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf), `${key} ${type}`).toBe(true);
          continue;
        }
        const props = schema.properties as Record<string, Json>;
        // The document itself names its parts (JSON Schemas inside it are open by nature); every other
        // body is the envelope around the route's data, specific all the way down.
        if (key === 'GET /api/v1/openapi.json') {
          expect(Object.keys(props)).toEqual(['openapi', 'info', 'paths', 'components']);
          continue;
        }
        expect(Object.keys(props), key).toEqual(['success', 'data']);
        expect(specific(schema, `${key} ${success}`)).toEqual([]);
      }
    }
    // A few bodies in words: the fields the clients read are there.
    const data = (key: string, method: string, code = '200') =>
      (doc.paths[key]![method]!.responses[code]!.content!['application/json']!.schema.properties as { data: Json }).data;
    expect(Object.keys((data('/api/v1/chatbots/{id}', 'get').properties as Json).chatbot as Json)).toContain('type');
    const chatbot = ((data('/api/v1/chatbots/{id}', 'get').properties as Json).chatbot as Json).properties as Json;
    expect(Object.keys(chatbot)).toEqual(expect.arrayContaining(['id', 'name', 'document_count', 'urls', 'latest_task', 'rag_enabled']));
    const created = data('/api/v1/chatbots/{id}/conversations', 'post', '201');
    expect(created.required).toEqual(expect.arrayContaining(['id', 'title', 'message_count']));
    const stream = doc.paths['/api/v1/chatbots/{id}/conversations/{conversationId}/messages']!.post!.responses['200']!.content!;
    expect(Object.keys(stream)).toEqual(['application/json', 'text/event-stream']);
    expect(JSON.stringify(stream['text/event-stream']!.schema)).toContain('"assistant_message"');
  });

  it('the running app answers with bodies its routes declare', async () => {
    const auth = { authorization: `Bearer ${owner.idToken}` };
    const conversation = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${bot}/conversations`,
      payload: { visitor_id: visitor, title: 'Tides' },
    });
    const conversationId = conversation.json().data.id as string;
    await appendMessage(t.db, t.ctx.messageCache, conversationId, { role: 'user', content: 'When is high tide?' });
    const answer = await appendMessage(t.db, t.ctx.messageCache, conversationId, {
      role: 'assistant',
      content: 'At noon.',
      outcome: 'answer',
      sources: [{ url: 'https://harbour.example/tides', title: 'Tides', snippet: 'High tide at noon.' }],
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/chatbots/${bot}/conversations/${conversationId}/messages/${answer.id}/feedback`,
      payload: { rating: 1, visitor_id: visitor },
    });
    const calls: [method: 'GET' | 'POST' | 'PATCH', url: string, status: number, init?: { payload?: object; owner?: boolean }][] = [
      ['GET', '/api/v1/health', 200],
      ['GET', '/api/v1/client-config', 200],
      ['GET', '/api/v1/chatbots', 200, { owner: true }],
      ['GET', '/api/v1/chatbots/:id', 200, { owner: true }],
      ['PATCH', '/api/v1/chatbots/:id', 200, { owner: true, payload: { greeting: 'Ahoy', starter_questions: ['Tides?'] } }],
      ['GET', '/api/v1/crawl-and-index/tasks/:chatbotId', 200, { owner: true }],
      ['GET', '/api/v1/chatbots/:id/public', 200],
      ['GET', `/api/v1/chatbots/:id/bootstrap?visitor_id=${visitor}`, 200],
      ['GET', `/api/v1/chatbots/:id/conversations/${conversationId}/messages?visitor_id=${visitor}`, 200],
      [
        'POST',
        `/api/v1/chatbots/:id/conversations/${conversationId}/messages`,
        200,
        { payload: { content: 'Where do I moor?', visitor_id: visitor } },
      ],
      ['GET', '/api/v1/chatbots/:id/insights/conversations', 200, { owner: true }],
      ['GET', `/api/v1/chatbots/:id/insights/conversations/${conversationId}`, 200, { owner: true }],
      ['GET', '/api/v1/chatbots/:id/insights/unanswered', 200, { owner: true }],
      ['GET', '/api/v1/chatbots/:id/insights/summary', 200, { owner: true }],
      ['GET', '/api/v1/chatbots/:id/insights/conversations/export', 200, { owner: true }],
      ['GET', '/api/v1/openapi.json', 200],
    ];
    for (const [method, template, status, init] of calls) {
      const url = template.replace(/:(id|chatbotId)\b/, bot);
      const res = await t.app.inject({
        method,
        url,
        headers: init?.owner ? auth : {},
        ...(init?.payload ? { payload: init.payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(status);
      // The route as registered: its path with :params and without the query.
      const registered = template.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':conversationId');
      const declared = routeSchema(t.app, method, registered)?.response as Record<
        number,
        z.ZodType | { content: Record<string, { schema: z.ZodType }> }
      >;
      const entry = declared?.[status];
      const schema = entry && 'content' in entry ? entry.content['application/json']!.schema : entry;
      expect(schema, `${method} ${registered} declares its ${status}`).toBeDefined();
      const body = res.json() as unknown;
      const parsed = schema!.safeParse(body);
      expect(parsed.success ? [] : parsed.error.issues, `${method} ${registered}`).toEqual([]);
      // zod drops what a schema does not declare: the parsed body equals the body only if nothing was undeclared.
      expect(parsed.data, `${method} ${registered} sends only declared fields`).toEqual(body);
    }
  });
});
