import { prepared, type Db, type Queryable } from '../db.js';
import { cachedVisitorConversations, readThroughVisitorConversations } from './conversationListCache.js';
import type { ConversationRow } from './conversations.js';
import type { MessageCache } from './messageCache.js';
import { readVisitorMessages, type MessageRow } from './messages.js';

// A visitor's conversations with a bot (newest first, as listVisitorConversations orders them) and
// the first `$3` messages of the newest, with the visitor's ratings, in one statement: opening the
// chat is then one database round trip (on PGlite, each round trip is a hop to its thread). Both
// come back as JSON text, parsed here, as the message listing's (migration 019) do.
const OPENING_SQL = prepared(`
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
     LEFT JOIN message_feedback f ON f.message_id = m.id) AS messages`);

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

/**
 * What opening a chat shows, from memory where current: the visitor's cached conversation list and
 * the landing conversation's messages from the message cache (no database trip on PGlite once both
 * are held; on PostgreSQL the messages' one check). Otherwise the one statement above, whose list
 * and (when complete) messages are then kept for the next open.
 */
export async function openVisitorChat(
  db: Db,
  cache: MessageCache,
  chatbotId: string,
  visitorId: string,
  messageLimit: number,
): Promise<{ conversations: readonly ConversationRow[]; messages: MessageRow[] }> {
  const listed = cachedVisitorConversations(db, chatbotId, visitorId);
  if (listed) {
    const landing = listed[0];
    if (!landing) return { conversations: listed, messages: [] };
    const messages = await readVisitorMessages(db, cache, chatbotId, landing.id, visitorId, 0, messageLimit);
    if (messages) return { conversations: listed, messages };
    // The landing conversation went meanwhile (its bot deleted): read everything afresh.
  }
  const opening = await readThroughVisitorConversations(
    db,
    chatbotId,
    visitorId,
    () => readVisitorOpening(db, chatbotId, visitorId, messageLimit),
    (o) => o.conversations,
  );
  const landing = opening.conversations[0];
  if (landing && opening.messages.length === landing.message_count)
    cache.remember(landing.id, { chatbotId, visitorId, messageCount: landing.message_count, messages: opening.messages });
  return opening;
}
