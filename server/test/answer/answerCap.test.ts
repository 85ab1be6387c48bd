import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/src/api/types.js';
import { TOO_LONG_NOTE } from '../../src/answer/answerer.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { startFakeLlm, type FakeLlm } from './fakeLlm.js';

let t: TestApp;
let llm: FakeLlm;
let bot: string;

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await buildTestApp({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_MAX_ANSWER_CHARS: '500' } });
  bot = (await insertChatbot(t.db, { ownerUid: 'o', name: 'Chatty' })).id;
  await t.db.query('UPDATE chatbots SET rag_enabled = false WHERE id = $1', [bot]);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

describe('an LLM answer that runs on', () => {
  it('is cut at LLM_MAX_ANSWER_CHARS with a note saying so, and the model is not read further', async () => {
    // 200 pieces of 50 characters: 10,000 characters, far past the cap.
    const piece = 'All work and no play makes the model a dull bot. ';
    llm.script({ kind: 'stream', deltas: Array.from({ length: 200 }, () => piece), delayMs: 20 });
    const visitor = newVisitorId();
    const conv = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/chatbots/${bot}/conversations`,
        payload: { title: 'New Chat', visitor_id: visitor },
      })
    ).json().data.id;
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${bot}/conversations/${conv}/messages`,
      payload: { content: 'Tell me everything.', visitor_id: visitor },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data.assistant_message as Message;
    expect(answer.content.endsWith(TOO_LONG_NOTE)).toBe(true);
    expect(answer.content.length).toBe(500 + TOO_LONG_NOTE.length);
    expect(answer.content.startsWith(piece.repeat(10))).toBe(true);
    // Stopped at the cap (about 10 pieces), not after all 200 at 20 ms each (4 s).
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
