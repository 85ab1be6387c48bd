import type { Queryable } from '../../../db/db.js';

/** A bot has a task waiting or running: a second crawl would race it for the same content. */
export async function hasActiveTask(q: Queryable, chatbotId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM tasks WHERE chatbot_id = $1 AND status IN ('queued', 'pending', 'running') LIMIT 1 FOR UPDATE`,
    [chatbotId],
  );
  return rows.length > 0;
}

/** Remember the latest crawl settings on the bot (what the dashboard shows and a refresh reuses). */
export async function updateCrawlSettings(q: Queryable, chatbotId: string, url?: string, maxDepth?: number, maxPages?: number): Promise<void> {
  await q.query(
    `UPDATE chatbots SET start_url = coalesce($2, start_url), max_depth = coalesce($3, max_depth),
            max_pages = coalesce($4, max_pages), updated_at = now()
      WHERE id = $1`,
    [chatbotId, url ?? null, maxDepth ?? null, maxPages ?? null],
  );
}
