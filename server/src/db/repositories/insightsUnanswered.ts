import type { AskedQuestion } from '../../insights/groupQuestions.js';
import type { Queryable } from '../db.js';
import { iso } from './timestamps.js';

/** The newest questions the report groups: a bound on the work, ample for an owner to act on. */
const MAX_QUESTIONS = 2000;

// The question of an assistant reply is the visitor's message just before it. Its words are analysed
// by PostgreSQL's english configuration (stemmed, stopwords out), as retrieval analyses questions.
const UNANSWERED_SQL = `
SELECT left(u.content, 500) AS text, tsvector_to_array(to_tsvector('english', left(u.content, 1000))) AS lexemes,
       a.created_at, a.conversation_id
  FROM messages a
  JOIN conversations c ON c.id = a.conversation_id
  JOIN messages u ON u.conversation_id = a.conversation_id AND u."index" = a."index" - 1 AND u.role = 'user'
 WHERE c.chatbot_id = $1 AND a.role = 'assistant' AND a.outcome IN ('unsure', 'none')
 ORDER BY a.created_at DESC
 LIMIT ${MAX_QUESTIONS}`;

/** Questions the bot refused or was not sure about, newest first (insights/groupQuestions.ts groups them). */
export async function listUnansweredQuestions(q: Queryable, chatbotId: string): Promise<AskedQuestion[]> {
  const rows = await q.query<{ text: string; lexemes: string[] | null; created_at: Date | string; conversation_id: string }>(
    UNANSWERED_SQL,
    [chatbotId],
  );
  return rows.map((r) => ({
    text: r.text,
    lexemes: r.lexemes ?? [],
    askedAt: iso(r.created_at),
    conversationId: r.conversation_id,
  }));
}
