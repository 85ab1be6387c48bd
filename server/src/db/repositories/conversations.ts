import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db.js';
import { one, prepared } from '../db.js';
import {
  announceConversationChange,
  cachedVisitorConversations,
  forgetVisitorConversations,
  readThroughVisitorConversations,
} from './conversationListCache.js';

export interface ConversationRow {
  id: string;
  chatbot_id: string;
  visitor_id: string;
  title: string;
  created_at: Date | string;
  last_message_at: Date | string | null;
  message_count: number;
}

const LIST_SQL = prepared(`SELECT * FROM conversations WHERE chatbot_id = $1 AND visitor_id = $2
  ORDER BY coalesce(last_message_at, created_at) DESC, id DESC LIMIT 500`);

/** A visitor's conversations with one bot, most recently active first. */
export async function listVisitorConversations(q: Queryable, chatbotId: string, visitorId: string): Promise<ConversationRow[]> {
  return q.query<ConversationRow>(LIST_SQL, [chatbotId, visitorId]);
}

/** The same list, from memory when current (conversationListCache.ts); its rows are shared: do not change them. */
export async function readVisitorConversations(db: Db, chatbotId: string, visitorId: string): Promise<readonly ConversationRow[]> {
  return (
    cachedVisitorConversations(db, chatbotId, visitorId) ??
    readThroughVisitorConversations(
      db,
      chatbotId,
      visitorId,
      () => listVisitorConversations(db, chatbotId, visitorId),
      (rows) => rows,
    )
  );
}

// Every write to a conversation row announces it in the same statement (conversationListCache.ts).
const CREATE_SQL = `WITH c AS (INSERT INTO conversations (id, chatbot_id, visitor_id, title) VALUES ($1, $2, $3, $4) RETURNING *)
SELECT c.* FROM c, ${announceConversationChange('c')}`;

const RENAME_SQL = `WITH u AS (UPDATE conversations SET title = $2 WHERE id = $1 RETURNING chatbot_id, visitor_id)
SELECT u.chatbot_id, u.visitor_id FROM u, ${announceConversationChange('u')}`;

/** Not inside a transaction: the visitor's cached list is forgotten as soon as the row is written. */
export async function createConversation(q: Queryable, chatbotId: string, visitorId: string, title: string): Promise<ConversationRow> {
  const row = await one<ConversationRow>(q, CREATE_SQL, [randomUUID(), chatbotId, visitorId, title]);
  forgetVisitorConversations(chatbotId, visitorId);
  return row!;
}

/** The conversation only if it belongs to this bot and this visitor; otherwise undefined (callers answer 404). */
export const getVisitorConversation = (q: Queryable, chatbotId: string, conversationId: string, visitorId: string) =>
  one<ConversationRow>(q, prepared('SELECT * FROM conversations WHERE id = $1 AND chatbot_id = $2 AND visitor_id = $3'), [
    conversationId,
    chatbotId,
    visitorId,
  ]);

/** Not inside a transaction (see createConversation). */
export async function renameConversation(q: Queryable, conversationId: string, title: string): Promise<void> {
  const row = await one<{ chatbot_id: string; visitor_id: string }>(q, RENAME_SQL, [conversationId, title]);
  if (row) forgetVisitorConversations(row.chatbot_id, row.visitor_id);
}
