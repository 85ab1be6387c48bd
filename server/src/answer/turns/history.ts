import type { Queryable } from '../../db/db.js';
import type { Turn } from '../answerer.js';
import { HISTORY_MESSAGES } from '../generation/prompt.js';

/** The last few messages of a conversation, oldest first (what the prompt shows as context). */
export async function recentTurns(q: Queryable, conversationId: string, limit = HISTORY_MESSAGES): Promise<Turn[]> {
  const rows = await q.query<Turn>(`SELECT role, content FROM messages WHERE conversation_id = $1 ORDER BY "index" DESC LIMIT $2`, [
    conversationId,
    limit,
  ]);
  return rows.reverse();
}
