import { randomUUID } from 'node:crypto';
import type { Message, Source } from '../../../../shared/src/api/types.js';
import type { Db, Queryable } from '../db.js';
import { one } from '../db.js';
import { iso } from './chatbots.js';
import { getVisitorConversation } from './conversations.js';
import { forgetConversation, messageCache, rememberMessages } from './messageCache.js';

interface MessageRow {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: Source[];
  created_at: Date;
  index: number;
}

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  conversation_id: row.conversation_id,
  role: row.role,
  content: row.content,
  sources: row.sources ?? [],
  created_at: iso(row.created_at),
  index: row.index,
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
      [randomUUID(), conversationId, message.role, message.content, JSON.stringify(message.sources ?? []), counter.message_count, message.outcome ?? null],
    );
    return toMessage(row!);
  });
  forgetConversation(db, conversationId);
  return stored;
}

/** Messages in order, those with index greater than `after`, at most `limit`. */
export async function listMessages(q: Queryable, conversationId: string, after: number, limit: number): Promise<Message[]> {
  const rows = await q.query<MessageRow>(
    `SELECT * FROM messages WHERE conversation_id = $1 AND "index" > $2 ORDER BY "index" LIMIT $3`,
    [conversationId, after, limit],
  );
  return rows.map(toMessage);
}

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
  const conversation = await getVisitorConversation(db, chatbotId, conversationId, visitorId);
  if (!conversation) return undefined;
  if (cached && cached.messageCount === conversation.message_count) return page(cached.messages);
  const all = await listMessages(db, conversationId, 0, 400);
  if (all.length === conversation.message_count) {
    rememberMessages(db, conversationId, { chatbotId, visitorId, messageCount: all.length, messages: all });
  }
  return all.length === conversation.message_count ? page(all) : listMessages(db, conversationId, after, limit);
}
