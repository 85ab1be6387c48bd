import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { one } from '../../db/db.js';
import { releaseTurnLease, takeTurnLease } from '../../db/repositories/conversationTurns.js';
import type { MessageCache } from '../../db/repositories/messageCache.js';
import { appendMessage } from '../../db/repositories/messages.js';
import { repliesFor } from '../../../../shared/src/messages/detect.js';
import { reply as english } from '../../../../shared/src/messages/en.js';

/** Stored after a question whose answering process died (kill -9, crash) before it answered. */
export const INTERRUPTED_ANSWER = english.interruptedAnswer;

/**
 * For the holder of the conversation's turn only: a conversation that ends on a question, while
 * nobody else can be answering it, lost its answer with the process that held the turn. Give the
 * question an answer that says so, so the thread never ends on a question nobody will answer.
 */
export async function closeInterruptedTurn(db: Db, cache: MessageCache, conversationId: string): Promise<boolean> {
  // The question and the bot's language: the note is in the language its answer would have been in.
  const last = await one<{ role: string; content: string; language: string | null }>(
    db,
    `SELECT m.role, m.content, b.language FROM messages m
       JOIN conversations c ON c.id = m.conversation_id JOIN chatbots b ON b.id = c.chatbot_id
      WHERE m.conversation_id = $1 ORDER BY m."index" DESC LIMIT 1`,
    [conversationId],
  );
  if (last?.role !== 'user') return false;
  const note = repliesFor(last.language, last.content).interruptedAnswer;
  await appendMessage(db, cache, conversationId, { role: 'assistant', content: note });
  return true;
}

/**
 * The next turn closes such a question (see takeTurn); this sweep closes those of conversations
 * nobody writes to again. Candidates end on a question older than `olderThanMs` and have no live
 * turn; each is closed only while the sweep itself holds the turn, so it never races a live answer.
 * Safe to run from every API process.
 */
export async function sweepInterruptedTurns(db: Db, cache: MessageCache, olderThanMs: number, turnTtlMs: number): Promise<number> {
  const candidates = await db.query<{ id: string }>(
    `SELECT c.id FROM conversations c
      WHERE c.last_message_at < now() - $1 * interval '1 millisecond'
        AND c.last_message_at > now() - interval '7 days'
        AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m."index" = c.message_count AND m.role = 'user')
        AND NOT EXISTS (SELECT 1 FROM conversation_turns t WHERE t.conversation_id = c.id AND t.expires_at >= now())
      LIMIT 200`,
    [olderThanMs],
  );
  let closed = 0;
  for (const { id } of candidates) {
    const holder = randomUUID();
    if (!(await takeTurnLease(db, id, holder, turnTtlMs))) continue;
    try {
      if (await closeInterruptedTurn(db, cache, id)) closed++;
    } finally {
      await releaseTurnLease(db, id, holder);
    }
  }
  return closed;
}
