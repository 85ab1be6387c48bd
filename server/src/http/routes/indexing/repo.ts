import type { Queryable } from '../../../db/db.js';

/** A bot has a task waiting or running: a second crawl would race it for the same content. */
export async function hasActiveTask(q: Queryable, chatbotId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM tasks WHERE chatbot_id = $1 AND status IN ('queued', 'pending', 'running') LIMIT 1 FOR UPDATE`,
    [chatbotId],
  );
  return rows.length > 0;
}
