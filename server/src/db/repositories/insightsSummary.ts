import type { Queryable } from '../db.js';
import { one } from '../db.js';

/** Per UTC day (YYYY-MM-DD) since the window start, the counts the summary is made of. */
export interface SummaryCounts {
  /** Conversations started (with at least one message). */
  conversationsByDay: { day: string; n: number }[];
  /** Messages written, of them assistant replies with an outcome, and of those answers. */
  messagesByDay: { day: string; n: number; replies: number; answers: number }[];
  /** Ratings of replies written since the window start, and the thumbs up among them. */
  feedback: { n: number; positive: number };
}

/**
 * The bot's activity since `since`: conversations started and messages written per day, and of the
 * assistant's replies (those with an outcome: failure notes have none) how many answered (stored as an answer and not marked wrong by the owner) and how
 * many the visitor rated, thumbs up among them.
 */
export async function summaryCounts(q: Queryable, chatbotId: string, since: Date): Promise<SummaryCounts> {
  const [conversations, messages, feedback] = await Promise.all([
    q.query<{ day: string; n: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM conversations WHERE chatbot_id = $1 AND message_count > 0 AND created_at >= $2::timestamptz GROUP BY 1`,
      [chatbotId, since.toISOString()],
    ),
    q.query<{ day: string; n: number; replies: number; answers: number }>(
      `SELECT to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n,
              (count(*) FILTER (WHERE m.outcome IS NOT NULL))::int AS replies,
              (count(*) FILTER (WHERE m.outcome = 'answer' AND r.wrong IS NOT TRUE))::int AS answers
         FROM messages m JOIN conversations c ON c.id = m.conversation_id
         -- A reply the owner marked wrong is not an answer (migration 029).
         LEFT JOIN reply_reviews r ON r.message_id = m.id
        -- A conversation with a message in the window was last written in it: migration 015's index
        -- (chatbot_id, last_message_at DESC) keeps a busy bot's older conversations out of the join.
        WHERE c.chatbot_id = $1 AND c.last_message_at >= $2::timestamptz AND m.created_at >= $2::timestamptz GROUP BY 1`,
      [chatbotId, since.toISOString()],
    ),
    one<{ n: number; positive: number }>(
      q,
      `SELECT count(*)::int AS n, (count(*) FILTER (WHERE f.rating = 1))::int AS positive
         FROM message_feedback f JOIN messages m ON m.id = f.message_id
        WHERE f.chatbot_id = $1 AND m.created_at >= $2::timestamptz AND m.outcome IS NOT NULL`,
      [chatbotId, since.toISOString()],
    ),
  ]);
  return {
    conversationsByDay: conversations,
    messagesByDay: messages,
    feedback: { n: feedback?.n ?? 0, positive: feedback?.positive ?? 0 },
  };
}
