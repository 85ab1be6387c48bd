import type { AskedQuestion } from '../../insights/groupQuestions.js';
import type { Queryable } from '../db.js';
import { iso } from './timestamps.js';
import { botTextConfig } from '../../language/queryConfig.js';
import type { StoredOutcome, StoredSource } from './messageRows.js';

/** The newest questions the report groups: a bound on the work, ample for an owner to act on. */
const MAX_QUESTIONS = 2000;

/** Where an unanswered question stands in the owner's review (migration 029). */
export type ReviewStatus = 'open' | 'done' | 'dismissed';

// The question of an assistant reply is the visitor's message just before it. Its words are analysed
// in the bot's language's configuration (stemmed, stopwords out), as retrieval analyses questions.
// Unanswered: the stored outcome was 'unsure' or 'none', or the owner marked the reply wrong.
const UNANSWERED_SQL = `
SELECT left(u.content, 500) AS text, tsvector_to_array(docent_tsvector($3, left(u.content, 1000))) AS lexemes,
       a.created_at, a.conversation_id, c.title, a.id AS reply_id, a.outcome, coalesce(r.wrong, false) AS wrong,
       left(a.content, 400) AS reply, a.sources -> 0 AS source
  FROM messages a
  JOIN conversations c ON c.id = a.conversation_id
  JOIN messages u ON u.conversation_id = a.conversation_id AND u."index" = a."index" - 1 AND u.role = 'user'
  LEFT JOIN reply_reviews r ON r.message_id = a.id
 WHERE c.chatbot_id = $1 AND a.role = 'assistant' AND (a.outcome IN ('unsure', 'none') OR r.wrong)
   AND coalesce(r.status, 'open') = $2
 ORDER BY a.created_at DESC
 LIMIT ${MAX_QUESTIONS}`;

interface UnansweredRow {
  text: string;
  lexemes: string[] | null;
  created_at: Date | string;
  conversation_id: string;
  title: string;
  reply_id: string;
  outcome: StoredOutcome | null;
  wrong: boolean;
  reply: string;
  /** jsonb: parsed by the driver, or text on some paths. */
  source: StoredSource | string | null;
}

/**
 * Questions the bot refused or was not sure about, or whose reply the owner marked wrong, in one
 * review status, newest first (insights/groupQuestions.ts groups them).
 */
export async function listUnansweredQuestions(q: Queryable, chatbotId: string, status: ReviewStatus = 'open'): Promise<AskedQuestion[]> {
  const rows = await q.query<UnansweredRow>(UNANSWERED_SQL, [chatbotId, status, await botTextConfig(q, chatbotId)]);
  return rows.map((r) => {
    const source = typeof r.source === 'string' ? (JSON.parse(r.source) as StoredSource | null) : r.source;
    return {
      text: r.text,
      lexemes: r.lexemes ?? [],
      askedAt: iso(r.created_at),
      conversationId: r.conversation_id,
      conversationTitle: r.title,
      replyId: r.reply_id,
      reply: {
        kind: r.wrong || r.outcome === 'answer' || r.outcome === null ? 'wrong' : r.outcome,
        text: r.reply,
        source: source?.url ? { url: source.url, title: source.title ?? null, snippet: source.snippet ?? null } : null,
      },
    };
  });
}

/**
 * Sets the review status of replies of the bot (the assistant messages an unanswered group holds).
 * Ids that are not the bot's assistant replies are ignored; returns how many were set.
 */
export async function setReviewStatus(q: Queryable, chatbotId: string, replyIds: string[], status: ReviewStatus): Promise<number> {
  const rows = await q.query<{ message_id: string }>(
    `INSERT INTO reply_reviews (message_id, chatbot_id, status)
     SELECT m.id, c.chatbot_id, $3 FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.id = ANY($2::uuid[]) AND c.chatbot_id = $1 AND m.role = 'assistant'
     ON CONFLICT (message_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()
     RETURNING message_id`,
    [chatbotId, replyIds, status],
  );
  return rows.length;
}

/**
 * The owner's verdict on one reply: wrong (it counts as unanswered, and comes back to the open list)
 * or not. False when the message is not an assistant reply of the bot.
 */
export async function setReplyWrong(q: Queryable, chatbotId: string, messageId: string, wrong: boolean): Promise<boolean> {
  const rows = await q.query<{ message_id: string }>(
    `INSERT INTO reply_reviews (message_id, chatbot_id, wrong)
     SELECT m.id, c.chatbot_id, $3 FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.id = $2 AND c.chatbot_id = $1 AND m.role = 'assistant'
     ON CONFLICT (message_id) DO UPDATE
       SET wrong = EXCLUDED.wrong, status = CASE WHEN EXCLUDED.wrong THEN 'open' ELSE reply_reviews.status END, updated_at = now()
     RETURNING message_id`,
    [chatbotId, messageId, wrong],
  );
  return rows.length > 0;
}
