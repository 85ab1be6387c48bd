import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/src/api/types.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { FAILED_ANSWER, UNSAVED_ANSWER } from '../../src/answer/turns/turn.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { openTestDb } from '../helpers/db.js';
import { faultyDb, type Fault } from './faultyDb.js';
import { QUILL_SITE, seedPages } from './seed.js';

/**
 * Answering when the database fails part-way: the real app on a real database whose chosen
 * statements throw. Every case must leave a conversation that a later GET shows consistently.
 */
let realDb: Db;
let t: TestApp;
let base: string;
let botId: string;
let fault: Fault | undefined;

beforeAll(async () => {
  realDb = await openTestDb();
  t = await buildTestApp({ db: faultyDb(realDb, () => fault) });
  botId = (await insertChatbot(realDb, { ownerUid: 'failures-owner', name: 'Quill Docs' })).id;
  await seedPages(realDb, botId, QUILL_SITE);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  fault = undefined;
});
afterAll(async () => {
  await t?.close();
  await realDb?.close();
});

/** Retrieval reads the bot's chunks; nothing else in a turn does. */
const retrievalFails: Fault = (sql) => /\bFROM chunks\b/i.test(sql);
/** The assistant's INSERT fails `times` times (then succeeds), or always for content other than `except`. */
function answerStoreFails(times: number, except?: string): Fault {
  let left = times;
  return (sql, params) => sql.includes('INSERT INTO messages') && params[2] === 'assistant' && params[3] !== except && left-- > 0;
}

const messagesUrl = (conv: string) => `/api/v1/chatbots/${botId}/conversations/${conv}/messages`;
const question = 'How do I install Quill?';

async function newConversation(visitor: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${botId}/conversations`,
    payload: { title: 'New Chat', visitor_id: visitor },
  });
  return res.json().data.id;
}
async function stored(conv: string, visitor: string): Promise<Message[]> {
  const res = await t.app.inject({ method: 'GET', url: `${messagesUrl(conv)}?visitor_id=${visitor}` });
  return res.json().data.messages;
}
async function streamPost(conv: string, visitor: string) {
  const res = await fetch(base + messagesUrl(conv), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ content: question, visitor_id: visitor }),
  });
  const events = (await res.text())
    .split('\n\n')
    .filter((b) => b.includes('\ndata: '))
    .map((b) => ({ event: /^event: (.*)$/m.exec(b)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(b)![1]!) }));
  const streamed = events
    .filter((e) => e.event === 'token')
    .map((e) => e.data.delta as string)
    .join('');
  return { events, streamed, last: events.at(-1)! };
}

describe('when retrieval fails', () => {
  it('the JSON route stores an apology and answers 200 with both messages', async () => {
    const visitor = newVisitorId();
    const conv = await newConversation(visitor);
    fault = retrievalFails;
    const res = await t.app.inject({ method: 'POST', url: messagesUrl(conv), payload: { content: question, visitor_id: visitor } });
    fault = undefined;
    expect(res.statusCode).toBe(200);
    const { user_message, assistant_message } = res.json().data as { user_message: Message; assistant_message: Message };
    expect(assistant_message).toMatchObject({ role: 'assistant', index: 2, content: FAILED_ANSWER, sources: [] });
    expect(await stored(conv, visitor)).toEqual([user_message, assistant_message]);
  });

  it('the SSE route streams the apology, then sources and error with the stored messages', async () => {
    const visitor = newVisitorId();
    const conv = await newConversation(visitor);
    fault = retrievalFails;
    const { events, streamed, last } = await streamPost(conv, visitor);
    fault = undefined;
    expect(streamed).toBe(FAILED_ANSWER);
    expect(events.slice(-2).map((e) => e.event)).toEqual(['sources', 'error']);
    expect(last.data.detail).toMatch(/could not be completed/);
    expect(last.data.assistant_message.content).toBe(streamed);
    expect(await stored(conv, visitor)).toEqual([last.data.user_message, last.data.assistant_message]);
  });
});

describe('when storing the answer fails', () => {
  it('retries once, and a retry that works ends normally', async () => {
    const visitor = newVisitorId();
    const conv = await newConversation(visitor);
    fault = answerStoreFails(1);
    const { streamed, last } = await streamPost(conv, visitor);
    expect(last.event).toBe('done');
    expect(last.data.assistant_message.content).toBe(streamed);
    expect((await stored(conv, visitor)).map((m) => [m.index, m.role])).toEqual([
      [1, 'user'],
      [2, 'assistant'],
    ]);
  });

  it('stores a short note when both attempts fail, and says so in the error event', async () => {
    const visitor = newVisitorId();
    const conv = await newConversation(visitor);
    fault = answerStoreFails(Infinity, UNSAVED_ANSWER);
    const { events, last } = await streamPost(conv, visitor);
    fault = undefined;
    expect(events.slice(-2).map((e) => e.event)).toEqual(['sources', 'error']);
    expect(last.data.detail).toMatch(/could not be saved/);
    expect(last.data.assistant_message).toMatchObject({ index: 2, content: UNSAVED_ANSWER });
    expect(await stored(conv, visitor)).toEqual([last.data.user_message, last.data.assistant_message]);
  });

  it('answers 500 on the JSON route only when not even the note can be stored', async () => {
    const visitor = newVisitorId();
    const conv = await newConversation(visitor);
    fault = answerStoreFails(Infinity);
    const res = await t.app.inject({ method: 'POST', url: messagesUrl(conv), payload: { content: question, visitor_id: visitor } });
    fault = undefined;
    expect(res.statusCode).toBe(500);
    // The documented limit: with the database refusing every write, the question stays unanswered.
    expect((await stored(conv, visitor)).map((m) => m.role)).toEqual(['user']);
  });
});
