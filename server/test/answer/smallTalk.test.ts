import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/src/api/types.js';
import { readSmallTalk, smallTalkReply } from '../../src/answer/smallTalk.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';
import { startFakeLlm, type FakeLlm } from './fakeLlm.js';
import { QUILL_SITE, seedPages } from './seed.js';

describe('telling small talk from a question', () => {
  it('reads greetings, thanks, goodbyes, an "ok" and asking what the bot is, with punctuation and fillers', () => {
    expect(readSmallTalk('hi')).toEqual(new Set(['greeting']));
    expect(readSmallTalk('Hello there!! 👋')).toEqual(new Set(['greeting']));
    expect(readSmallTalk('Good morning')).toEqual(new Set(['greeting']));
    expect(readSmallTalk('Thank you so much!')).toEqual(new Set(['thanks']));
    expect(readSmallTalk('great, thanks for the help')).toEqual(new Set(['ack', 'thanks']));
    expect(readSmallTalk('ok')).toEqual(new Set(['ack']));
    expect(readSmallTalk('Thanks, bye!')).toEqual(new Set(['thanks', 'farewell']));
    expect(readSmallTalk('Who are you?')).toEqual(new Set(['identity']));
    expect(readSmallTalk('help')).toEqual(new Set(['identity']));
    expect(readSmallTalk('What can I ask you?')).toEqual(new Set(['identity']));
  });

  it('leaves anything with a question in it to retrieval', () => {
    for (const q of [
      'Hi, how do I install Quill?',
      'thanks! and how do I upgrade?',
      'help me install quill',
      'ok so where is the config file',
      'good',
      'Is it good for blogs?',
      'What is Quill?',
      '?',
      '',
      'thanks '.repeat(20),
    ]) {
      // "good" alone is an acknowledgement; the others ask something.
      if (q === 'good') expect(readSmallTalk(q)).toEqual(new Set(['ack']));
      else expect(readSmallTalk(q), q).toBeUndefined();
    }
  });

  it('answers what was said first: a question about the bot, then thanks, then goodbye', () => {
    expect(smallTalkReply(new Set(['greeting', 'identity']))).toMatch(/^I'm this website's assistant/);
    expect(smallTalkReply(new Set(['thanks', 'farewell']))).toBe("You're welcome! Come back any time you have a question.");
    expect(smallTalkReply(new Set(['greeting']))).toMatch(/^Hello!/);
  });
});

describe('small talk in a conversation', () => {
  let plain: TestApp;
  let withLlm: TestApp;
  let llm: FakeLlm;
  let bot: string;
  let llmBot: string;
  let owner: { idToken: string; uid: string };

  beforeAll(async () => {
    llm = await startFakeLlm();
    plain = await buildTestApp();
    withLlm = await buildTestApp({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '3000' } });
    owner = await signIn('small-talk-owner@example.com');
    bot = (await insertChatbot(plain.db, { ownerUid: owner.uid, name: 'Quill Docs' })).id;
    await seedPages(plain.db, bot, QUILL_SITE);
    llmBot = (await insertChatbot(withLlm.db, { ownerUid: owner.uid, name: 'Quill Docs' })).id;
    await seedPages(withLlm.db, llmBot, QUILL_SITE);
  });
  afterAll(async () => {
    await plain?.close();
    await withLlm?.close();
    await llm?.close();
  });

  const send = async (t: TestApp, botId: string, conv: string, visitor: string, content: string): Promise<Message> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${botId}/conversations/${conv}/messages`,
      payload: { content, visitor_id: visitor },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.assistant_message as Message;
  };
  const conversation = async (t: TestApp, botId: string, visitor: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${botId}/conversations`,
      payload: { title: 'New Chat', visitor_id: visitor },
    });
    return res.json().data.id as string;
  };
  const title = async (t: TestApp, botId: string, visitor: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${botId}/conversations?visitor_id=${visitor}` })).json().data
      .conversations[0].title as string;

  it('greets back, titles the conversation by its first question, and thanks without repeating the last answer', async () => {
    const visitor = newVisitorId();
    const conv = await conversation(plain, bot, visitor);
    const hello = await send(plain, bot, conv, visitor, 'Hi!');
    expect(hello.content).toMatch(/^Hello! Ask me anything about this website/);
    expect(hello.sources).toEqual([]);
    expect(await title(plain, bot, visitor)).toBe('New Chat');

    const answer = await send(plain, bot, conv, visitor, 'How do I install the Quill command line tool?');
    expect(answer.content).toContain('npm install -g quill-cli');
    expect(await title(plain, bot, visitor)).toBe('How do I install the Quill command line tool?');

    // Before, "thanks!" was read as a follow-up of the last question and answered it again.
    const thanks = await send(plain, bot, conv, visitor, 'thanks!');
    expect(thanks.content).toBe("You're welcome! Is there anything else you'd like to know?");
    expect(thanks.content).not.toContain('npm install');
    expect(thanks.sources).toEqual([]);
    // A real follow-up still reads the previous question.
    const followUp = await send(plain, bot, conv, visitor, 'and how do I upgrade?');
    expect(followUp.content).toMatch(/install command again/);
  });

  it('keeps small talk out of the owner’s unanswered questions and answer rate', async () => {
    const visitor = newVisitorId();
    const conv = await conversation(plain, bot, visitor);
    await send(plain, bot, conv, visitor, 'hello');
    await send(plain, bot, conv, visitor, 'What is a good hydration ratio for sourdough?');
    await send(plain, bot, conv, visitor, 'ok bye');
    const rows = await plain.db.query<{ content: string; outcome: string | null }>(
      `SELECT content, outcome FROM messages WHERE conversation_id = $1 AND role = 'assistant' ORDER BY "index"`,
      [conv],
    );
    expect(rows.map((r) => r.outcome)).toEqual([null, 'none', null]);
    const unanswered = await plain.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/${bot}/insights/unanswered`,
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    const questions = JSON.stringify(unanswered.json().data.groups);
    expect(questions).toContain('sourdough');
    expect(questions).not.toMatch(/hello|ok bye/);
  });

  it('replies to small talk without asking the language model', async () => {
    const visitor = newVisitorId();
    const conv = await conversation(withLlm, llmBot, visitor);
    const before = llm.requests.length;
    const reply = await send(withLlm, llmBot, conv, visitor, 'Thank you, goodbye');
    expect(reply.content).toBe("You're welcome! Come back any time you have a question.");
    expect(llm.requests.length).toBe(before);
  });
});
