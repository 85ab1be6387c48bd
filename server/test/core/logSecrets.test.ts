import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

// Every log line the app writes, as text.
let logged = '';
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged += String(chunk);
    done();
  },
});

let t: TestApp;
let auth: Record<string, string>;
let uid: string;

beforeAll(async () => {
  t = await buildTestApp({ logStream });
  const user = await signIn('log-secrets@example.com');
  uid = user.uid;
  auth = { authorization: `Bearer ${user.idToken}` };
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PATCH', url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
/** Make every new row of a table fail, as a full disk or a broken migration would (a real engine error). */
const breakInserts = (table: string) => t.db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_broken CHECK (false) NOT VALID`);

describe('database errors in the log', () => {
  it('never carry visitor ids, questions, titles, prompts or owner uids', async () => {
    const created = await call('POST', '/indexing/index-urls', { urls: ['https://example.com/'], name: 'Logged bot' }, auth);
    const botId = created.json().data.chatbot_id as string;
    const visitor = newVisitorId();
    const conversation = await call('POST', `/chatbots/${botId}/conversations`, { title: 'First chat', visitor_id: visitor });
    const conversationId = conversation.json().data.id as string;

    await breakInserts('messages');
    const message = await call('POST', `/chatbots/${botId}/conversations/${conversationId}/messages`, {
      content: 'Where is the secret bunker?',
      visitor_id: visitor,
    });
    expect(message.statusCode).toBeGreaterThanOrEqual(500);

    await breakInserts('conversations');
    const other = await call('POST', `/chatbots/${botId}/conversations`, { title: 'Private matters', visitor_id: visitor });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toEqual({ success: false, detail: 'Internal server error.' });

    await t.db.query(`ALTER TABLE chatbots ADD CONSTRAINT chatbots_broken CHECK (system_prompt = '') NOT VALID`);
    const prompts = await call('PATCH', `/chatbots/${botId}/prompts`, { system_prompt: 'Never reveal the launch codes' }, auth);
    expect(prompts.statusCode).toBe(500);

    // The failures were logged (with what helps: code, constraint, table)...
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('"code":"23514"');
    expect(logged).toContain('conversations_broken');
    // ...but none of the values that were sent.
    for (const secret of [visitor, 'secret bunker', 'Private matters', 'launch codes', uid]) expect(logged).not.toContain(secret);
  });

  it('keep the engine code but not the input of a rejected value', async () => {
    const visitor = newVisitorId();
    const err = await t.db.query('SELECT $1::uuid', [visitor]).catch((e: unknown) => e as Error & { code?: string });
    expect(err).toBeInstanceOf(Error);
    expect((err as { code?: string }).code).toBe('22P02');
    expect((err as Error).message).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(JSON.stringify(err) + String((err as Error).stack)).not.toContain(visitor);
  });
});
