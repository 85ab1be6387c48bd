import type { Message } from '../../../../shared/src/api/types.js';
import type { MessageRow } from '../../db/repositories/messages.js';
import { iso } from '../../db/repositories/timestamps.js';

/** A message as the visitor sees it: sources always a list, the rating null when there is none. */
export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    role: row.role,
    content: row.content,
    sources: row.sources ?? [],
    created_at: iso(row.created_at),
    index: row.index,
    feedback: row.feedback ?? null,
  };
}
