import type { Db } from '../db.js';
import { one } from '../db.js';
import type { MessageCache } from './messageCache.js';

export type Rating = 1 | -1;

export interface FeedbackTarget {
  chatbotId: string;
  conversationId: string;
  visitorId: string;
  messageId: string;
}

// Only an assistant message of this visitor's conversation with this bot can be rated.
const TARGET_SQL = `
SELECT m.id FROM messages m JOIN conversations c ON c.id = m.conversation_id
 WHERE m.id = $1 AND m.role = 'assistant' AND c.id = $2 AND c.chatbot_id = $3 AND c.visitor_id = $4`;

/**
 * Set (1 or -1) or clear (null) the visitor's rating of one answer. False when the message is not an
 * answer in this visitor's conversation (the route's 404). A message belongs to one conversation and
 * that to one visitor, so one row per message is one rating per visitor and message.
 */
export async function setMessageFeedback(db: Db, cache: MessageCache, target: FeedbackTarget, rating: Rating | null): Promise<boolean> {
  const found = await one<{ id: string }>(db, TARGET_SQL, [target.messageId, target.conversationId, target.chatbotId, target.visitorId]);
  if (!found) return false;
  if (rating === null) {
    await db.query('DELETE FROM message_feedback WHERE message_id = $1', [target.messageId]);
  } else {
    await db.query(
      `INSERT INTO message_feedback (message_id, chatbot_id, rating) VALUES ($1, $2, $3)
       ON CONFLICT (message_id) DO UPDATE SET rating = EXCLUDED.rating, updated_at = now()`,
      [target.messageId, target.chatbotId, rating],
    );
  }
  // The cached copy of the conversation carries each message's rating.
  cache.forget(target.conversationId);
  return true;
}
