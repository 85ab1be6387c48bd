import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

/**
 * Hostile input, property-based, over every registered route (from the app's own OpenAPI document,
 * so a new route is covered the day it is registered): random and nasty path segments, query strings
 * and bodies (wrong types, huge sizes, unicode, NUL, lone surrogates, __proto__ and constructor keys,
 * deep nesting, huge numbers, bad UUIDs, broken JSON). Every answer is a 4xx or a success, never a 5xx
 * and never a crash; a refused request changes nothing in the database. Owner routes are called
 * with the owner's valid token, so the input reaches validation rather than stopping at auth.
 */
let t: TestApp;
let token: string;
let bot: string;
let conversation: string;
const visitor = newVisitorId();

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE: '1000000' } });
  const owner = await signIn('hostile-owner@example.com');
  token = owner.idToken;
  bot = (await insertChatbot(t.db, { ownerUid: owner.uid, name: 'Target' })).id;
  conversation = (
    await t.app.inject({ method: 'POST', url: `/api/v1/chatbots/${bot}/conversations`, payload: { visitor_id: visitor } })
  ).json().data.id;
});
afterAll(() => t?.close());

const NASTY_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '𝕏'.repeat(5000),
  'x'.repeat(300_000),
  '../../etc/passwd',
  '%00',
  '%zz',
  "'; DROP TABLE chatbots; --",
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-00000000000g',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
];
const NASTY_VALUES: unknown[] = [
  null,
  true,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 63),
  0.5,
  [],
  {},
  [[[[[]]]]],
  { __proto__: { admin: true } },
  ...NASTY_STRINGS,
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
);
const nastyValue = fc.oneof(fc.constantFrom(...NASTY_VALUES), fc.jsonValue({ maxDepth: 4 }), nastyString, fc.double(), fc.integer());
/** Objects whose keys are the route's real field names mixed with prototype-polluting ones. */
const nastyObject = (fields: string[]) =>
  fc.dictionary(
    fc.oneof(fc.constantFrom(...fields, '__proto__', 'constructor', 'prototype', 'visitor_id', 'toString'), nastyString),
    nastyValue,
    { maxKeys: 6 },
  );
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** Bodies as raw text: broken JSON, deep nesting, a __proto__ key JSON.parse keeps as an own property. */
const rawBody = fc.constantFrom(
  '{',
  '{"a":',
  'null',
  '"string"',
  '12',
  deep(5000),
  `{"__proto__":{"polluted":true},"visitor_id":"${visitor}"}`,
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
);

/** A path segment as a client would encode it (a lone surrogate has no UTF-8: its bytes are sent raw, invalid). */
function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}
/** Already-encoded segments no encoder would produce: invalid UTF-8, overlong '/', a bare '%', dot segments. */
const RAW_SEGMENTS = fc.constantFrom('%ED%A0%80', '%C0%AF', '%', '%0', '..', '.', '%2e%2e', '%2F');

interface Route {
  method: string;
  url: string;
  fields: string[];
}

async function routes(): Promise<Route[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: { name: string }[]; requestBody?: { content: { 'application/json': { schema: { properties?: object } } } } }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([m, op]) => ({
      method: m.toUpperCase(),
      url: p,
      fields: [
        ...(op.parameters ?? []).map((x) => x.name),
        ...Object.keys(op.requestBody?.content['application/json'].schema.properties ?? {}),
      ],
    })),
  );
}

const COUNTED = ['chatbots', 'tasks', 'conversations', 'messages', 'documents', 'chunks'];
const snapshot = async () =>
  JSON.stringify(await Promise.all(COUNTED.map((table) => t.db.query(`SELECT count(*)::int AS n FROM ${table}`))));
const botName = async () => (await t.db.query<{ name: string }>('SELECT name FROM chatbots WHERE id = $1', [bot]))[0]?.name;

describe('hostile input over every route', () => {
  it('never answers 5xx, never changes data on a refusal, and the server stays up', async () => {
    const all = (await routes()).filter((r) => r.method !== 'DELETE');
    expect(all.length).toBeGreaterThanOrEqual(19);
    for (const route of all) {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            // Each path parameter: the real id (so validation of the rest is reached) or a hostile segment.
            segments: fc.array(fc.oneof(fc.constant<string | null>(null), nastyString.map(encodeSegment), RAW_SEGMENTS), {
              minLength: 2,
              maxLength: 2,
            }),
            query: fc.option(nastyObject(route.fields), { nil: undefined }),
            body: fc.oneof(
              nastyObject(route.fields).map((o) => ({ json: o as unknown })),
              nastyValue.map((v) => ({ json: v })),
              rawBody.map((raw) => ({ raw })),
            ),
            contentType: fc.constantFrom(
              'application/json',
              'application/json; charset=utf-8',
              'text/plain',
              'application/x-www-form-urlencoded',
            ),
          }),
          async ({ segments, query, body, contentType }) => {
            const seg = (real: string, i: number) => segments[i] ?? real;
            const url = route.url
              .replace('{id}', seg(bot, 0))
              .replace('{chatbotId}', seg(bot, 0))
              .replace('{conversationId}', seg(conversation, 1));
            const qs = query
              ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')])).toString()}`
              : '';
            const before = await snapshot();
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: url + qs,
              headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
              ...(route.method === 'GET' ? {} : { payload: 'raw' in body ? body.raw : JSON.stringify(body.json) }),
            });
            expect(res.statusCode, `${route.method} ${url + qs.slice(0, 200)} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const json = res.json() as { success: boolean; detail: unknown };
              expect(json.success).toBe(false);
              expect(json.detail).toBeDefined();
              expect(await snapshot(), `${route.method} ${route.url} refused but changed data`).toBe(before);
            }
          },
        ),
        { numRuns: 40 },
      );
    }
    // Nothing was polluted, the bot is as it was unless a valid rename went through, and the server answers.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(typeof (await botName())).toBe('string');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  }, 600_000);
});
