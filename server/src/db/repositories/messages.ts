import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db.js';
import { one, prepared } from '../db.js';
import { announceConversationChange, forgetVisitorConversations } from './conversationListCache.js';
import type { MessageCache } from './messageCache.js';
import type { StoredOutcome, StoredSource } from './messageRows.js';

export interface MessageRow {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: StoredSource[] | null;
  /** A Date from the driver, a string when the database built the row as JSON. */
  created_at: Date | string;
  index: number;
  /** The visitor's rating (message_feedback), when the query joined it. */
  feedback?: 1 | -1 | null;
}

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  sources?: StoredSource[];
  /** What retrieval's evidence supported, for an assistant's answer (migration 009). */
  outcome?: StoredOutcome;
}

const COUNT_SQL = `WITH u AS (UPDATE conversations SET message_count = message_count + 1, last_message_at = now()
 WHERE id = $1 RETURNING message_count, chatbot_id, visitor_id)
SELECT u.message_count, u.chatbot_id, u.visitor_id FROM u, ${announceConversationChange('u')}`;

/**
 * Append a message with the next 1-based index. The conversation row's UPDATE takes a row lock, so
 * concurrent appends to one conversation serialise and the indexes stay gap-free.
 */
export async function appendMessage(db: Db, cache: MessageCache, conversationId: string, message: NewMessage): Promise<MessageRow> {
  cache.forget(conversationId);
  let owner: { chatbot_id: string; visitor_id: string } | undefined;
  const stored = await db.transaction(async (tx) => {
    // The count and last activity change the visitor's conversation list: announced on commit.
    const counter = await one<{ message_count: number; chatbot_id: string; visitor_id: string }>(tx, COUNT_SQL, [conversationId]);
    if (!counter) throw new Error(`conversation ${conversationId} does not exist`);
    owner = counter;
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
    return row!;
  });
  cache.forget(conversationId);
  if (owner) forgetVisitorConversations(owner.chatbot_id, owner.visitor_id);
  return stored;
}

/** Messages in order, those with index greater than `after`, at most `limit`. */
export async function listMessages(q: Queryable, conversationId: string, after: number, limit: number): Promise<MessageRow[]> {
  const rows = await q.query<MessageRow>(
    `SELECT m.*, f.rating AS feedback FROM messages m LEFT JOIN message_feedback f ON f.message_id = m.id
      WHERE m.conversation_id = $1 AND m."index" > $2 ORDER BY m."index" LIMIT $3`,
    [conversationId, after, limit],
  );
  return rows;
}

// The conversation (only if it is this visitor's) and its first 400 messages in one round trip, the
// messages as one JSON array built by the database: on PGlite, a second query and a row per
// message each cost more than the JSON (the listing of uncached conversations was 611 req/s).
// A function (migration 019) so the statement is planned once per session, not on every read.
const VISITOR_MESSAGES_SQL = prepared('SELECT message_count, messages FROM visitor_messages($1, $2, $3)');

// Whether a cached conversation is still current (this visitor's, same message count), with its ratings.
const VISITOR_CHECK_SQL = prepared('SELECT message_count, feedback FROM visitor_messages_check($1, $2, $3)');

/**
 * A visitor's view of one conversation's messages (index > after, at most limit), or undefined when
 * the conversation is not theirs. Served from the message cache when it is current.
 */
export async function readVisitorMessages(
  db: Db,
  cache: MessageCache,
  chatbotId: string,
  conversationId: string,
  visitorId: string,
  after: number,
  limit: number,
): Promise<MessageRow[] | undefined> {
  const page = (all: MessageRow[]) => all.filter((m) => m.index > after).slice(0, limit);
  const cached = cache.get(conversationId);
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
  // The messages arrive as JSON text (see migration 019), parsed here.
  const [row] = await db.query<{ message_count: number; messages: string }>(VISITOR_MESSAGES_SQL, [conversationId, chatbotId, visitorId]);
  if (!row) return undefined;
  const json = JSON.parse(row.messages) as Omit<MessageRow, 'conversation_id'>[];
  const all: MessageRow[] = json.map((m) => ({ ...m, conversation_id: conversationId, feedback: m.feedback ?? null }));
  if (all.length === row.message_count) {
    cache.remember(conversationId, { chatbotId, visitorId, messageCount: all.length, messages: all });
    return page(all);
  }
  // Longer than the cache keeps (or written meanwhile): read the page asked for.
  return listMessages(db, conversationId, after, limit);
}
