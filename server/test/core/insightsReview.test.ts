import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { createConversation } from '../../src/db/repositories/conversations.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

/** Issue 39: the owner works through the unanswered list and marks wrong replies (migration 029). */
let t: TestApp;
let alice: { idToken: string; uid: string };
let bob: { idToken: string; uid: string };
let bot: string;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const base = () => `/api/v1/chatbots/${bot}/insights`;
const get = (url: string, token = alice.idToken) => t.app.inject({ method: 'GET', url: `${base()}${url}`, headers: auth(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = alice.idToken) =>
  t.app.inject({ method, url: `${base()}${url}`, headers: auth(token), payload: payload as object });

type Outcome = 'answer' | 'unsure' | 'none';
async function turn(title: string, question: string, answer: string, outcome: Outcome) {
  const conv = await createConversation(t.db, bot, newVisitorId(), title);
  await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content: question });
  const sources =
    outcome === 'none' ? [] : [{ url: 'https://docs.example/bake', title: 'Baking guide', snippet: 'Proof the dough overnight.' }];
  const reply = await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'assistant', content: answer, outcome, sources });
  return { conv: conv.id, reply: reply.id };
}
interface Group {
  question: string;
  reply_ids: string[];
  conversations: { id: string; title: string; asked_at: string }[];
  latest_reply: { kind: string; text: string; source: { title: string; snippet: string } | null } | null;
}
const groups = async (status?: string) => (await get(`/unanswered${status ? `?status=${status}` : ''}`)).json().data.groups as Group[];

let sourdough: { conv: string; reply: string };
let shipping: { conv: string; reply: string };
let hours: { conv: string; reply: string };
beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob] = await Promise.all([signIn('review-alice@example.com'), signIn('review-bob@example.com')]);
  bot = (await insertChatbot(t.db, { ownerUid: alice.uid, name: 'Bakery' })).id;
  sourdough = await turn('Sourdough starter', 'How do I feed a sourdough starter?', 'I could not find that on this site.', 'none');
  shipping = await turn('Shipping abroad', 'Do you ship bread abroad?', "I'm not sure; the closest page says:", 'unsure');
  hours = await turn('Opening hours', 'When do you open on Sunday?', 'We open at 7 every day.', 'answer');
});
afterAll(() => t?.close());

describe('unanswered list review', () => {
  it('says what the bot replied and names each conversation by its title and time', async () => {
    const open = await groups();
    const ship = open.find((g) => /ship/.test(g.question))!;
    expect(ship.latest_reply).toMatchObject({ kind: 'unsure', text: "I'm not sure; the closest page says:" });
    expect(ship.latest_reply!.source).toMatchObject({ title: 'Baking guide', snippet: 'Proof the dough overnight.' });
    expect(ship.conversations).toEqual([{ id: shipping.conv, title: 'Shipping abroad', asked_at: expect.any(String) }]);
    expect(ship.reply_ids).toEqual([shipping.reply]);
    const feed = open.find((g) => /sourdough/.test(g.question))!;
    expect(feed.latest_reply).toMatchObject({ kind: 'none', source: null });
    expect(open).toHaveLength(2); // the answered question is not there
  });

  it('keeps a dismissed entry out of the open list and lists it under dismissed; done likewise; it can be reopened', async () => {
    const res = await send('POST', '/unanswered/review', { reply_ids: [sourdough.reply], status: 'dismissed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'dismissed', updated: 1 });
    expect((await groups()).map((g) => g.question)).toEqual(['Do you ship bread abroad?']);
    expect((await groups('dismissed')).map((g) => g.question)).toEqual(['How do I feed a sourdough starter?']);

    await send('POST', '/unanswered/review', { reply_ids: [shipping.reply], status: 'done' });
    expect(await groups('open')).toEqual([]);
    expect((await groups('done')).map((g) => g.question)).toEqual(['Do you ship bread abroad?']);
    // Kept in the database: a fresh read (another process) sees the same.
    const stored = await t.db.query<{ status: string }>('SELECT status FROM reply_reviews WHERE message_id = $1', [shipping.reply]);
    expect(stored[0]?.status).toBe('done');

    await send('POST', '/unanswered/review', { reply_ids: [shipping.reply, sourdough.reply], status: 'open' });
    expect(await groups('open')).toHaveLength(2);
  });

  it('counts a reply the owner marks wrong as unanswered, in the list and in the answer rate', async () => {
    const before = (await get('/summary')).json().data;
    expect(before.answer_rate).toBeCloseTo(1 / 3);
    const res = await send('PUT', `/replies/${hours.reply}/verdict`, { wrong: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message_id: hours.reply, marked_wrong: true });
    const wrong = (await groups()).find((g) => /Sunday/.test(g.question))!;
    expect(wrong.latest_reply).toMatchObject({ kind: 'wrong', text: 'We open at 7 every day.' });
    const after = (await get('/summary')).json().data;
    expect(after.answer_rate).toBe(0);
    expect(after.totals.answers).toBe(0);
    // The conversation view shows the verdict, and it can be taken back.
    const detail = (await get(`/conversations/${hours.conv}`)).json().data;
    expect(detail.messages.map((m: { marked_wrong: boolean }) => m.marked_wrong)).toEqual([false, true]);
    await send('PUT', `/replies/${hours.reply}/verdict`, { wrong: false });
    expect((await get('/summary')).json().data.answer_rate).toBeCloseTo(1 / 3);
    expect((await groups()).some((g) => /Sunday/.test(g.question))).toBe(false);
  });

  it('answers bad input with the detail envelope and another owner with 404', async () => {
    const cases: [string, 'POST' | 'PUT' | 'GET', string, unknown][] = [
      ['bad status filter', 'GET', '/unanswered?status=later', undefined],
      ['bad review status', 'POST', '/unanswered/review', { reply_ids: [sourdough.reply], status: 'maybe' }],
      ['empty ids', 'POST', '/unanswered/review', { reply_ids: [], status: 'done' }],
      ['not a uuid', 'POST', '/unanswered/review', { reply_ids: ['x'], status: 'done' }],
      ['extra field', 'POST', '/unanswered/review', { reply_ids: [sourdough.reply], status: 'done', all: true }],
      ['verdict not boolean', 'PUT', `/replies/${hours.reply}/verdict`, { wrong: 'yes' }],
      ['verdict bad id', 'PUT', '/replies/nope/verdict', { wrong: true }],
    ];
    for (const [name, method, url, payload] of cases) {
      const res = method === 'GET' ? await get(url) : await send(method, url, payload);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().success, name).toBe(false);
      expect(res.json().detail, name).toEqual(expect.anything());
    }
    // A user message, or an unknown reply, is no reply of the bot.
    const userMsg = await t.db.query<{ id: string }>(`SELECT id FROM messages WHERE conversation_id = $1 AND role = 'user'`, [hours.conv]);
    expect((await send('PUT', `/replies/${userMsg[0]!.id}/verdict`, { wrong: true })).statusCode).toBe(404);
    expect((await send('POST', '/unanswered/review', { reply_ids: [crypto.randomUUID()], status: 'done' })).statusCode).toBe(404);
    // Bob cannot read or change Alice's list, nor learn that her reply exists.
    for (const res of [
      await send('POST', '/unanswered/review', { reply_ids: [sourdough.reply], status: 'dismissed' }, bob.idToken),
      await send('PUT', `/replies/${hours.reply}/verdict`, { wrong: true }, bob.idToken),
      await get('/unanswered?status=done', bob.idToken),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, detail: 'Chatbot not found' });
    }
    expect(await groups('dismissed')).toEqual([]);
  });
});
