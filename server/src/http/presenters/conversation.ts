import type { Conversation } from '../../../../shared/src/api/types.js';
import type { ConversationRow } from '../../db/repositories/conversations.js';
import { iso } from '../../db/repositories/timestamps.js';

/** A conversation as its visitor sees it: never the visitor id it is keyed by. */
export function presentConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    chatbot_id: row.chatbot_id,
    title: row.title,
    created_at: iso(row.created_at),
    last_message_at: iso(row.last_message_at),
    message_count: row.message_count,
  };
}
