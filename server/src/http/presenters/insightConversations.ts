import type {
  InsightConversation,
  InsightConversationDetail,
  InsightConversationPage,
  InsightMessage,
} from '../../../../shared/src/api/insights.js';
import type { Source } from '../../../../shared/src/api/types.js';
import type {
  ExportedConversationRows,
  OwnerConversationPage,
  OwnerConversationRow,
  OwnerMessageRow,
} from '../../db/repositories/insightsConversations.js';
import { iso } from '../../db/repositories/timestamps.js';

/** One conversation in the owner's log. */
export const presentInsightConversation = (r: OwnerConversationRow): InsightConversation => ({
  id: r.id,
  title: r.title,
  created_at: iso(r.created_at),
  last_message_at: iso(r.last_message_at),
  message_count: r.message_count,
  first_question: r.first_question ?? '',
});

/** A message as the owner sees it: with its outcome and the visitor's thumbs (1, -1 or null). */
export const presentInsightMessage = (r: OwnerMessageRow): InsightMessage => ({
  id: r.id,
  role: r.role,
  content: r.content,
  sources: (typeof r.sources === 'string' ? (JSON.parse(r.sources) as Source[]) : r.sources) ?? [],
  created_at: iso(r.created_at),
  index: r.index,
  outcome: r.outcome,
  feedback: r.rating === 1 || r.rating === -1 ? r.rating : null,
  marked_wrong: r.wrong === true,
});

/** A page of the log, as asked for (1-based page, limit). */
export function presentInsightConversationPage(found: OwnerConversationPage, page: number, limit: number): InsightConversationPage {
  return {
    conversations: found.rows.map(presentInsightConversation),
    page,
    limit,
    total: found.total,
    search_scope_reached: found.scopeReached,
  };
}

export function presentInsightConversationDetail(found: {
  conversation: OwnerConversationRow;
  messages: OwnerMessageRow[];
}): InsightConversationDetail {
  return { conversation: presentInsightConversation(found.conversation), messages: found.messages.map(presentInsightMessage) };
}

/** A conversation of the export (JSON, and the CSV's source): the log's fields and every message. */
export interface ExportedConversation extends InsightConversation {
  messages: InsightMessage[];
}

export const presentExportedConversation = (c: ExportedConversationRows): ExportedConversation => ({
  ...presentInsightConversation(c.conversation),
  messages: c.messages.map(presentInsightMessage),
});
