import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db.js';
import { one } from '../db.js';

export interface ConversationRow {
  id: string;
  chatbot_id: string;
  visitor_id: string;
  title: string;
  created_at: Date | string;
  last_message_at: Date | string | null;
  message_count: number;
}

/** A visitor's conversations with one bot, most recently active first. */
export async function listVisitorConversations(q: Queryable, chatbotId: string, visitorId: string): Promise<ConversationRow[]> {
  const rows = await q.query<ConversationRow>(
    `SELECT * FROM conversations WHERE chatbot_id = $1 AND visitor_id = $2
      ORDER BY coalesce(last_message_at, created_at) DESC, id DESC LIMIT 500`,
    [chatbotId, visitorId],
  );
  return rows;
}

export async function createConversation(q: Queryable, chatbotId: string, visitorId: string, title: string): Promise<ConversationRow> {
  const row = await one<ConversationRow>(
    q,
    'INSERT INTO conversations (id, chatbot_id, visitor_id, title) VALUES ($1, $2, $3, $4) RETURNING *',
    [randomUUID(), chatbotId, visitorId, title],
  );
  return row!;
}

/** The conversation only if it belongs to this bot and this visitor; otherwise undefined (callers answer 404). */
export const getVisitorConversation = (q: Queryable, chatbotId: string, conversationId: string, visitorId: string) =>
  one<ConversationRow>(q, 'SELECT * FROM conversations WHERE id = $1 AND chatbot_id = $2 AND visitor_id = $3', [
    conversationId,
    chatbotId,
    visitorId,
  ]);

export async function renameConversation(q: Queryable, conversationId: string, title: string): Promise<void> {
  await q.query('UPDATE conversations SET title = $2 WHERE id = $1', [conversationId, title]);
}
