import type { Queryable } from '../../../db/db.js';

/**
 * A bot has a task waiting or running: a second crawl would race it for the same content. The
 * bot's row is locked first, as the scheduler does (jobs/schedule.ts), so the two never both queue.
 */
export async function hasActiveTask(q: Queryable, chatbotId: string): Promise<boolean> {
  await q.query('SELECT 1 FROM chatbots WHERE id = $1 FOR UPDATE', [chatbotId]);
  const rows = await q.query(
    `SELECT 1 FROM tasks WHERE chatbot_id = $1 AND status IN ('queued', 'pending', 'running') LIMIT 1 FOR UPDATE`,
    [chatbotId],
  );
  return rows.length > 0;
}
