import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_ANSWER, sweepInterruptedTurns } from '../../../src/answer/turns/interrupted.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { takeTurnLease } from '../../../src/db/repositories/conversationTurns.js';
import { createConversation } from '../../../src/db/repositories/conversations.js';
import { MessageCache } from '../../../src/db/repositories/messageCache.js';
import { appendMessage, listMessages } from '../../../src/db/repositories/messages.js';
import { newVisitorId } from '../../helpers/app.js';
import { openTestDb } from '../../helpers/db.js';

let db: Db;
const cache = new MessageCache();
let bot: string;
beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
});
afterAll(() => db.close());

/** A conversation with these messages, its last one sent `ageMs` ago. */
async function conversationWith(roles: ('user' | 'assistant')[], ageMs: number): Promise<string> {
  const { id } = await createConversation(db, bot, newVisitorId(), 'New Conversation');
  for (const role of roles) await appendMessage(db, cache, id, { role, content: `${role} message` });
  await db.query(`UPDATE conversations SET last_message_at = now() - $2 * interval '1 millisecond' WHERE id = $1`, [id, ageMs]);
  return id;
}
const thread = async (id: string) => (await listMessages(db, id, 0, 50)).map((m) => [m.role, m.content]);

describe('questions left unanswered by a process that died mid-turn', () => {
  it('are answered with a note by the sweep, unless a turn is live or the question is recent', async () => {
    const lost = await conversationWith(['user', 'assistant', 'user'], 120_000);
    const answered = await conversationWith(['user', 'assistant'], 120_000);
    const recent = await conversationWith(['user'], 1_000);
    const beingAnswered = await conversationWith(['user'], 120_000);
    expect(await takeTurnLease(db, beingAnswered, randomUUID(), 15_000)).toBe(true);

    expect(await sweepInterruptedTurns(db, cache, 60_000, 15_000)).toBe(1);
    expect(await thread(lost)).toEqual([
      ['user', 'user message'],
      ['assistant', 'assistant message'],
      ['user', 'user message'],
      ['assistant', INTERRUPTED_ANSWER],
    ]);
    expect((await thread(answered)).length).toBe(2);
    expect((await thread(recent)).length).toBe(1);
    expect((await thread(beingAnswered)).length).toBe(1);
    // Done once: a second sweep finds nothing more.
    expect(await sweepInterruptedTurns(db, cache, 60_000, 15_000)).toBe(0);
  });
});
