import type { Queryable } from '../db.js';
import type { ConversationRow } from './conversations.js';
import type { MessageRow } from './messages.js';

// A visitor's conversations with a bot (newest first, as listVisitorConversations orders them) and
// the first `$3` messages of the newest, with the visitor's ratings, in one statement: opening the
// chat is then one database round trip (on PGlite, each round trip is a hop to its thread). Both
// come back as JSON text, parsed here, as the message listing's (migration 019) do.
const OPENING_SQL = `
WITH c AS (
  SELECT * FROM conversations WHERE chatbot_id = $1 AND visitor_id = $2
   ORDER BY coalesce(last_message_at, created_at) DESC, id DESC LIMIT 500
)
SELECT
  (SELECT coalesce(json_agg(c ORDER BY coalesce(c.last_message_at, c.created_at) DESC, c.id DESC), '[]'::json)::text FROM c) AS conversations,
  (SELECT coalesce(json_agg(json_build_object('id', m.id, 'conversation_id', m.conversation_id, 'role', m.role, 'content', m.content,
                                              'sources', m.sources, 'created_at', m.created_at, 'index', m."index", 'feedback', f.rating)
                            ORDER BY m."index"), '[]'::json)::text
     FROM (SELECT * FROM messages
            WHERE conversation_id = (SELECT id FROM c ORDER BY coalesce(last_message_at, created_at) DESC, id DESC LIMIT 1)
            ORDER BY "index" LIMIT $3) m
     LEFT JOIN message_feedback f ON f.message_id = m.id) AS messages`;

/** What opening a chat shows: the visitor's conversations and the newest one's first messages. */
export async function readVisitorOpening(
  q: Queryable,
  chatbotId: string,
  visitorId: string,
  messageLimit: number,
): Promise<{ conversations: ConversationRow[]; messages: MessageRow[] }> {
  const [row] = await q.query<{ conversations: string; messages: string }>(OPENING_SQL, [chatbotId, visitorId, messageLimit]);
  return {
    conversations: JSON.parse(row?.conversations ?? '[]') as ConversationRow[],
    messages: (JSON.parse(row?.messages ?? '[]') as MessageRow[]).map((m) => ({ ...m, feedback: m.feedback ?? null })),
  };
}
