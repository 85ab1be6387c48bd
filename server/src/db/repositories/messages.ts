import { randomUUID } from 'node:crypto';
import type { Message, Source } from '../../../../shared/src/api/types.js';
import type { Db, Queryable } from '../db.js';
import { one } from '../db.js';
import { iso } from './timestamps.js';
import { forgetConversation, messageCache, rememberMessages } from './messageCache.js';

interface MessageRow {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: Source[];
  created_at: Date;
  index: number;
  /** The visitor's rating (message_feedback), when the query joined it. */
  feedback?: 1 | -1 | null;
}

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  conversation_id: row.conversation_id,
  role: row.role,
  content: row.content,
  sources: row.sources ?? [],
  created_at: iso(row.created_at),
  index: row.index,
  feedback: row.feedback ?? null,
});

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  sources?: Source[];
  /** What retrieval's evidence supported, for an assistant's answer (migration 009). */
  outcome?: 'answer' | 'unsure' | 'none';
}

/**
 * Append a message with the next 1-based index. The conversation row's UPDATE takes a row lock, so
 * concurrent appends to one conversation serialise and the indexes stay gap-free.
 */
export async function appendMessage(db: Db, conversationId: string, message: NewMessage): Promise<Message> {
  forgetConversation(db, conversationId);
  const stored = await db.transaction(async (tx) => {
    const counter = await one<{ message_count: number }>(
      tx,
      `UPDATE conversations SET message_count = message_count + 1, last_message_at = now()
        WHERE id = $1 RETURNING message_count`,
      [conversationId],
    );
    if (!counter) throw new Error(`conversation ${conversationId} does not exist`);
    const row = await one<MessageRow>(
      tx,
      `INSERT INTO messages (id, conversation_id, role, content, sources, "index", outcome)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING *`,
      [
        randomUUID(),
        conversationId,
        message.role,
        message.content,
        JSON.stringify(message.sources ?? []),
        counter.message_count,
        message.outcome ?? null,
      ],
    );
    return toMessage(row!);
  });
  forgetConversation(db, conversationId);
  return stored;
}

/** Messages in order, those with index greater than `after`, at most `limit`. */
export async function listMessages(q: Queryable, conversationId: string, after: number, limit: number): Promise<Message[]> {
  const rows = await q.query<MessageRow>(
    `SELECT m.*, f.rating AS feedback FROM messages m LEFT JOIN message_feedback f ON f.message_id = m.id
      WHERE m.conversation_id = $1 AND m."index" > $2 ORDER BY m."index" LIMIT $3`,
    [conversationId, after, limit],
  );
  return rows.map(toMessage);
}

// The conversation (only if it is this visitor's) and its first 400 messages in one round trip, the
// messages as one JSON array built by the database: on PGlite, a second query and a row per
// message each cost more than the JSON (the listing of uncached conversations was 611 req/s).
const VISITOR_MESSAGES_SQL = `
SELECT c.message_count,
       (SELECT coalesce(json_agg(json_build_object('id', m.id, 'role', m.role, 'content', m.content, 'sources', m.sources,
                                                   'created_at', m.created_at, 'index', m."index", 'feedback', f.rating) ORDER BY m."index"), '[]'::json)
          FROM (SELECT * FROM messages WHERE conversation_id = c.id ORDER BY "index" LIMIT 400) m
          LEFT JOIN message_feedback f ON f.message_id = m.id) AS messages
  FROM conversations c
 WHERE c.id = $1 AND c.chatbot_id = $2 AND c.visitor_id = $3`;

// Whether a cached conversation is still current (this visitor's, same message count), with its ratings.
const VISITOR_CHECK_SQL = `
SELECT c.message_count,
       (SELECT coalesce(json_object_agg(f.message_id, f.rating), '{}'::json)
          FROM message_feedback f JOIN messages m ON m.id = f.message_id WHERE m.conversation_id = c.id) AS feedback
  FROM conversations c
 WHERE c.id = $1 AND c.chatbot_id = $2 AND c.visitor_id = $3`;

/**
 * A visitor's view of one conversation's messages (index > after, at most limit), or undefined when
 * the conversation is not theirs. Served from the message cache when it is current.
 */
export async function readVisitorMessages(
  db: Db,
  chatbotId: string,
  conversationId: string,
  visitorId: string,
  after: number,
  limit: number,
): Promise<Message[] | undefined> {
  const page = (all: Message[]) => all.filter((m) => m.index > after).slice(0, limit);
  const cached = messageCache(db).get(conversationId);
  if (cached && db.engine === 'pglite') {
    return cached.chatbotId === chatbotId && cached.visitorId === visitorId ? page(cached.messages) : undefined;
  }
  if (cached) {
    // PostgreSQL: other processes write too, so the entry holds only while the count agrees; ratings
    // (which another process may have changed) come fresh in the same round trip.
    const [current] = await db.query<{ message_count: number; feedback: Record<string, 1 | -1> | string }>(VISITOR_CHECK_SQL, [
      conversationId,
      chatbotId,
      visitorId,
    ]);
    if (!current) return undefined;
    if (cached.messageCount === current.message_count) {
      const ratings = typeof current.feedback === 'string' ? (JSON.parse(current.feedback) as Record<string, 1 | -1>) : current.feedback;
      return page(cached.messages).map((m) => ({ ...m, feedback: ratings[m.id] ?? null }));
    }
  }
  const [row] = await db.query<{ message_count: number; messages: Omit<MessageRow, 'conversation_id'>[] | string }>(VISITOR_MESSAGES_SQL, [
    conversationId,
    chatbotId,
    visitorId,
  ]);
  if (!row) return undefined;
  const json = typeof row.messages === 'string' ? (JSON.parse(row.messages) as Omit<MessageRow, 'conversation_id'>[]) : row.messages;
  const all = json.map((m) => toMessage({ ...m, conversation_id: conversationId }));
  if (all.length === row.message_count) {
    rememberMessages(db, conversationId, { chatbotId, visitorId, messageCount: all.length, messages: all });
    return page(all);
  }
  // Longer than the cache keeps (or written meanwhile): read the page asked for.
  return listMessages(db, conversationId, after, limit);
}
