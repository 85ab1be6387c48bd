import type { Queryable } from '../db.js';
import { one } from '../db.js';
import type { StoredOutcome, StoredSource } from './messageRows.js';

/**
 * The owner's log of a bot's visitor conversations (issue 18). Every query is scoped by chatbot_id:
 * the routes check that the bot is the caller's, and a conversation of another bot is never found.
 * Conversations a visitor opened but never wrote in are left out: they hold nothing to read.
 */

/** A conversation in the owner's log, with the visitor's first question (null before any). */
export interface OwnerConversationRow {
  id: string;
  title: string;
  created_at: Date | string;
  last_message_at: Date | string | null;
  message_count: number;
  first_question: string | null;
}

/** A message as the owner reads it: with its outcome and the visitor's rating. */
export interface OwnerMessageRow {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  content: string;
  /** jsonb: parsed by the driver, or text on some paths. */
  sources: StoredSource[] | string | null;
  created_at: Date | string;
  index: number;
  outcome: StoredOutcome | null;
  rating: number | null;
  /** The owner marked the reply wrong (migration 029). */
  wrong: boolean | null;
}

/** A LIKE pattern that matches the text literally anywhere (its % _ and \ escaped). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const CONVERSATION_COLUMNS = `c.id, c.title, c.created_at, c.last_message_at, c.message_count,
  (SELECT left(m.content, 300) FROM messages m WHERE m.conversation_id = c.id AND m.role = 'user' ORDER BY m."index" LIMIT 1) AS first_question`;

// Newest first, in the order of migration 015's index (chatbot_id, last_message_at DESC NULLS LAST, created_at DESC).
const NEWEST_FIRST = 'ORDER BY c.last_message_at DESC NULLS LAST, c.created_at DESC, c.id DESC';
const WITH_MESSAGES = 'c.chatbot_id = $1 AND c.message_count > 0';

/**
 * A search reads the text of the newest SEARCH_SCOPE conversations at most: a bound on its cost
 * (ILIKE reads every message; 20,000 messages take about 0.3 s on PGlite). Older ones are in the
 * export; the answer says when the bound was reached.
 */
export const SEARCH_SCOPE = 10_000;

const SEARCH_SQL = `
WITH scoped AS (SELECT c.* FROM conversations c WHERE ${WITH_MESSAGES} ${NEWEST_FIRST} LIMIT ${SEARCH_SCOPE}),
     matched AS (SELECT c.* FROM scoped c
                  WHERE c.title ILIKE $2 ESCAPE '\\'
                     OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.content ILIKE $2 ESCAPE '\\'))
SELECT ${CONVERSATION_COLUMNS}, (SELECT count(*)::int FROM matched) AS total, (SELECT count(*) FROM scoped) >= ${SEARCH_SCOPE} AS scope_reached
  FROM matched c ${NEWEST_FIRST} LIMIT $3 OFFSET $4`;

export interface ConversationListQuery {
  /** Text the title or a message must contain (case-insensitive); empty for all. */
  search: string;
  /** 1-based. */
  page: number;
  limit: number;
}

/** One page of the log, the count of all matches and whether the search reached SEARCH_SCOPE. */
export interface OwnerConversationPage {
  rows: OwnerConversationRow[];
  total: number;
  scopeReached: boolean;
}

export async function listOwnerConversations(
  q: Queryable,
  chatbotId: string,
  query: ConversationListQuery,
): Promise<OwnerConversationPage> {
  const offset = (query.page - 1) * query.limit;
  if (!query.search) {
    const [rows, count] = await Promise.all([
      q.query<OwnerConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE ${WITH_MESSAGES} ${NEWEST_FIRST} LIMIT $2 OFFSET $3`,
        [chatbotId, query.limit, offset],
      ),
      one<{ n: number }>(q, `SELECT count(*)::int AS n FROM conversations c WHERE ${WITH_MESSAGES}`, [chatbotId]),
    ]);
    return { rows, total: count?.n ?? 0, scopeReached: false };
  }
  const pattern = containsPattern(query.search);
  const rows = await q.query<OwnerConversationRow & { total: number; scope_reached: boolean }>(SEARCH_SQL, [
    chatbotId,
    pattern,
    query.limit,
    offset,
  ]);
  if (rows.length > 0 || offset === 0) {
    return { rows, total: rows[0]?.total ?? 0, scopeReached: rows[0]?.scope_reached ?? false };
  }
  // A page past the last match: the totals come from the first page.
  const first = await q.query<{ total: number; scope_reached: boolean }>(SEARCH_SQL, [chatbotId, pattern, 1, 0]);
  return { rows: [], total: first[0]?.total ?? 0, scopeReached: first[0]?.scope_reached ?? false };
}

/** Messages the detail view and the export read of one conversation at most. */
const MAX_MESSAGES = 2000;

const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.role, m.content, m.sources, m.created_at, m."index", m.outcome, f.rating, r.wrong`;
const MESSAGE_JOINS = `LEFT JOIN message_feedback f ON f.message_id = m.id LEFT JOIN reply_reviews r ON r.message_id = m.id`;

/** One conversation of the bot with its messages, sources, outcomes and feedback; undefined if not the bot's. */
export async function getOwnerConversation(
  q: Queryable,
  chatbotId: string,
  conversationId: string,
): Promise<{ conversation: OwnerConversationRow; messages: OwnerMessageRow[] } | undefined> {
  const row = await one<OwnerConversationRow>(
    q,
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.id = $1 AND c.chatbot_id = $2`,
    [conversationId, chatbotId],
  );
  if (!row) return undefined;
  const messages = await q.query<OwnerMessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages m ${MESSAGE_JOINS}
      WHERE m.conversation_id = $1 ORDER BY m."index" LIMIT ${MAX_MESSAGES}`,
    [conversationId],
  );
  return { conversation: row, messages };
}

/** The export's bound: enough for a year of a busy bot's log, small enough to build in memory. */
export const EXPORT_MAX_MESSAGES = 100_000;

export interface ExportedConversationRows {
  conversation: OwnerConversationRow;
  messages: OwnerMessageRow[];
}

/**
 * Every conversation of the bot (oldest first) with its messages, up to EXPORT_MAX_MESSAGES messages:
 * past that bound the export ends with the last conversation it holds messages of.
 */
export async function exportOwnerConversations(q: Queryable, chatbotId: string): Promise<ExportedConversationRows[]> {
  const [conversations, messages] = await Promise.all([
    q.query<OwnerConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.chatbot_id = $1 AND c.message_count > 0 ORDER BY c.created_at, c.id LIMIT ${EXPORT_MAX_MESSAGES}`,
      [chatbotId],
    ),
    q.query<OwnerMessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
         ${MESSAGE_JOINS}
        WHERE c.chatbot_id = $1 ORDER BY c.created_at, c.id, m."index" LIMIT ${EXPORT_MAX_MESSAGES}`,
      [chatbotId],
    ),
  ]);
  const byConversation = new Map<string, OwnerMessageRow[]>();
  for (const m of messages) {
    let list = byConversation.get(m.conversation_id);
    if (!list) byConversation.set(m.conversation_id, (list = []));
    list.push(m);
  }
  const cut = messages.length >= EXPORT_MAX_MESSAGES;
  return conversations
    .filter((c) => !cut || byConversation.has(c.id))
    .map((c) => ({ conversation: c, messages: byConversation.get(c.id) ?? [] }));
}
