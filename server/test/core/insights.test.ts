import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { createConversation } from '../../src/db/repositories/conversations.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

let t: TestApp;
let alice: { idToken: string; uid: string };
let bob: { idToken: string; uid: string };
let bot: string;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token = alice.idToken) =>
  t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bot}/insights${url}`, headers: auth(token) });

type Outcome = 'answer' | 'unsure' | 'none';
/** A visitor's conversation of question/answer turns, as the answer service stores them. */
async function chat(turns: [string, string, Outcome][], title = 'Chat'): Promise<{ id: string; assistantIds: string[] }> {
  const conv = await createConversation(t.db, bot, newVisitorId(), title);
  const assistantIds: string[] = [];
  for (const [question, answer, outcome] of turns) {
    await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: question });
    const a = await appendMessage(t.db, t.ctx.messageCache, conv.id, {
      role: 'assistant',
      content: answer,
      outcome,
      sources: outcome === 'none' ? [] : [{ url: 'https://docs.example/pay', title: 'Payments', snippet: 'We accept cards.' }],
    });
    assistantIds.push(a.id);
  }
  return { id: conv.id, assistantIds };
}

let cards: { id: string; assistantIds: string[] };
let reset1: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob] = await Promise.all([signIn('insights-alice@example.com'), signIn('insights-bob@example.com')]);
  bot = (await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Shop helper' })).id;
  cards = await chat([['Do you accept credit cards?', 'Yes, all major cards.', 'answer']], 'Cards');
  reset1 = await chat([['how do I reset my password', "I'm not sure; these pages may help.", 'unsure']]);
  await chat([['password reset how?', 'I could not find that on this site.', 'none']]);
  await chat([['What is your refund policy?', 'I could not find that on this site.', 'none']]);
  await chat([
    ['Reset password', "I'm not sure.", 'unsure'],
    ['=HYPERLINK("http://evil.example","x")', 'No idea.', 'none'],
  ]);
  // A conversation opened but never written in: nothing to read, not listed.
  await createConversation(t.db, bot, newVisitorId(), 'Empty');
  // Visitors' thumbs (written by the feedback route of issue 18).
  await t.db.query('INSERT INTO message_feedback (message_id, chatbot_id, rating) VALUES ($1, $2, 1)', [cards.assistantIds[0], bot]);
});
afterAll(() => t?.close());

describe('owner insights routes', () => {
  it('answers 401 without a token and 404 for another owner, leaking nothing', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bot}/insights/conversations` });
    expect(none.statusCode).toBe(401);
    for (const path of ['/conversations', `/conversations/${cards.id}`, '/conversations/export?format=csv', '/unanswered', '/summary']) {
      const res = await get(path, bob.idToken);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ success: false, detail: 'Chatbot not found' });
      expect(res.body).not.toContain('credit cards');
    }
  });

  it('lists conversations newest first, paginated, with the first question', async () => {
    const all = await get('/conversations');
    expect(all.statusCode).toBe(200);
    const data = all.json().data;
    expect(data.total).toBe(5);
    expect(data.conversations.map((c: { first_question: string }) => c.first_question)).toEqual([
      'Reset password',
      'What is your refund policy?',
      'password reset how?',
      'how do I reset my password',
      'Do you accept credit cards?',
    ]);
    const page2 = (await get('/conversations?limit=2&page=2')).json().data;
    expect(page2).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(page2.conversations.map((c: { first_question: string }) => c.first_question)).toEqual([
      'password reset how?',
      'how do I reset my password',
    ]);
    const beyond = (await get('/conversations?limit=2&page=9')).json().data;
    expect(beyond.conversations).toEqual([]);
    for (const bad of ['?limit=0', '?limit=1000', '?page=0', '?page=abc', '?sort=x', `?q=${'x'.repeat(201)}`]) {
      const res = await get(`/conversations${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail[0].loc[0]).toBe('query');
    }
  });

  it('searches message text case-insensitively, with % and _ taken literally', async () => {
    const hit = (await get('/conversations?q=CREDIT')).json().data;
    expect(hit.conversations.map((c: { id: string }) => c.id)).toEqual([cards.id]);
    // Words from the answer match too.
    expect((await get('/conversations?q=major%20cards')).json().data.total).toBe(1);
    expect((await get('/conversations?q=%25')).json().data.total).toBe(0);
    expect((await get('/conversations?q=_')).json().data.total).toBe(0);
    expect((await get('/conversations?q=nothing-like-this')).json().data.total).toBe(0);
  });

  it('searches the newest 10,000 conversations and says so when a bot has more', async () => {
    const big = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Big' });
    await t.db.query(
      `INSERT INTO conversations (id, chatbot_id, visitor_id, title, created_at, last_message_at, message_count)
       SELECT gen_random_uuid(), $1, 'visitor-' || g, 'Chat ' || g, now() - g * interval '1 minute', now() - g * interval '1 minute', 1
         FROM generate_series(1, 10002) g`,
      [big.id],
    );
    await t.db.query(
      `INSERT INTO messages (id, conversation_id, role, content, "index")
       SELECT gen_random_uuid(), c.id, 'user', 'question number ' || substr(c.title, 6) || CASE WHEN c.title IN ('Chat 1', 'Chat 10002') THEN ' marmalade' ELSE '' END, 1
         FROM conversations c WHERE c.chatbot_id = $1`,
      [big.id],
    );
    const url = `/api/v1/chatbots/${big.id}/insights/conversations`;
    const all = (await t.app.inject({ method: 'GET', url, headers: auth(alice.idToken) })).json().data;
    expect(all).toMatchObject({ total: 10002, search_scope_reached: false });
    const found = (await t.app.inject({ method: 'GET', url: `${url}?q=marmalade`, headers: auth(alice.idToken) })).json().data;
    // The newest has it; the oldest (past the newest 10,000) is not searched, and the answer says so.
    expect(found).toMatchObject({ total: 1, search_scope_reached: true });
    expect(found.conversations.map((c: { title: string }) => c.title)).toEqual(['Chat 1']);
    const past = (await t.app.inject({ method: 'GET', url: `${url}?q=marmalade&page=3`, headers: auth(alice.idToken) })).json().data;
    expect(past).toMatchObject({ conversations: [], total: 1, search_scope_reached: true });
  });

  it('opens one conversation read-only with sources, outcome and feedback; another bot cannot reach it', async () => {
    const res = await get(`/conversations/${cards.id}`);
    expect(res.statusCode).toBe(200);
    const { conversation, messages } = res.json().data;
    expect(conversation).toMatchObject({ id: cards.id, title: 'Cards', message_count: 2 });
    expect(messages).toMatchObject([
      { role: 'user', content: 'Do you accept credit cards?', outcome: null, feedback: null, index: 1 },
      {
        role: 'assistant',
        content: 'Yes, all major cards.',
        outcome: 'answer',
        feedback: 1,
        sources: [{ url: 'https://docs.example/pay' }],
      },
    ]);
    const other = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Other' });
    const cross = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/${other.id}/insights/conversations/${cards.id}`,
      headers: auth(alice.idToken),
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().detail).toBe('Conversation not found');
    expect((await get('/conversations/not-a-uuid')).statusCode).toBe(422);
  });

  it('exports every conversation as JSON and as CSV safe for spreadsheets', async () => {
    const json = await get('/conversations/export?format=json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain('attachment');
    const exported = json.json().data.conversations;
    expect(exported).toHaveLength(5);
    expect(exported[0].messages.map((m: { content: string }) => m.content)).toEqual([
      'Do you accept credit cards?',
      'Yes, all major cards.',
    ]);

    const csv = await get('/conversations/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '"conversation_id","conversation_title","conversation_started","message_index","role","created_at","content","outcome","feedback","sources"',
    );
    expect(lines).toHaveLength(1 + 12 + 1); // header, 12 messages, the final empty string
    // The formula is defused with an apostrophe and its quotes doubled.
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body).not.toMatch(/(^|,)"=/m);
    expect(csv.body).toContain('"Yes, all major cards.","answer","1","https://docs.example/pay"');
    expect((await get('/conversations/export?format=xml')).statusCode).toBe(422);
  });

  it('groups unanswered questions so rephrasings fall together and other questions stay apart', async () => {
    const res = await get('/unanswered');
    expect(res.statusCode).toBe(200);
    const groups = res.json().data.groups as {
      question: string;
      variants: string[];
      count: number;
      last_asked: string;
      conversation_ids: string[];
    }[];
    const reset = groups.find((g) => /password/i.test(g.question))!;
    expect(reset.count).toBe(3);
    expect([reset.question, ...reset.variants].sort()).toEqual(['Reset password', 'how do I reset my password', 'password reset how?']);
    expect(reset.question).toBe('Reset password'); // the newest wording
    expect(reset.conversation_ids).toContain(reset1.id);
    expect(groups[0]).toBe(reset); // the most asked first
    const refund = groups.find((g) => /refund/i.test(g.question))!;
    expect(refund).toMatchObject({ count: 1, variants: [] });
    // Answered questions are not in the report.
    expect(JSON.stringify(groups)).not.toContain('credit cards');
    expect(groups).toHaveLength(3);
  });

  it('summarises the last 30 days: per-day counts, answer rate, feedback rate', async () => {
    const res = await get('/summary');
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(s.days[29]).toEqual({ day: today, conversations: 5, messages: 12 });
    expect(s.days[0].conversations).toBe(0);
    expect(s.totals).toEqual({ conversations: 5, messages: 12, answers: 1, feedback: 1, positive: 1 });
    expect(s.answer_rate).toBeCloseTo(1 / 6);
    expect(s.feedback_rate).toBeCloseTo(1 / 6);
    expect(s.positive_share).toBe(1);
  });

  it('counts each day in its own bar and leaves out what is older than 30 days', async () => {
    const busy = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Busy' });
    const at = async (daysAgo: number, outcome: Outcome) => {
      const conv = await createConversation(t.db, busy.id, newVisitorId(), 'Old');
      await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: 'Question' });
      await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'assistant', content: 'Reply', outcome });
      const when = `now() - interval '${daysAgo} days'`;
      await t.db.query(`UPDATE conversations SET created_at = ${when}, last_message_at = ${when} WHERE id = $1`, [conv.id]);
      await t.db.query(`UPDATE messages SET created_at = ${when} WHERE conversation_id = $1`, [conv.id]);
    };
    await at(3, 'answer');
    await at(3, 'none');
    await at(40, 'answer');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${busy.id}/insights/summary`, headers: auth(alice.idToken) });
    const s = res.json().data;
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(s.days.find((d: { day: string }) => d.day === day)).toEqual({ day, conversations: 2, messages: 4 });
    expect(s.totals).toMatchObject({ conversations: 2, messages: 4, answers: 1 });
    expect(s.answer_rate).toBe(0.5);
  });

  it('summarises a bot without conversations with empty rates, not errors', async () => {
    const quiet = await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Quiet' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${quiet.id}/insights/summary`, headers: auth(alice.idToken) });
    expect(res.json().data).toMatchObject({
      answer_rate: null,
      feedback_rate: null,
      positive_share: null,
      totals: { conversations: 0, messages: 0 },
    });
  });
});
