import type { Db } from '../db/db.js';
import { SCHEDULE_INTERVAL_SQL } from '../db/repositories/chatbots.js';
import { enqueueTask } from './queue.js';

/**
 * Scheduled re-crawls (chatbots.recrawl_schedule, migration 014). The due time lives in the
 * database, so a restart loses nothing: the first worker poll after it queues what fell due
 * meanwhile. Each due bot's row is locked while it is looked at (SKIP LOCKED: workers in other
 * processes take other bots), and so is a bot the owner refreshes by hand (hasActiveTask in
 * db/repositories/tasks.ts), so a bot never gets a second task while one is waiting or running. A bot that is busy when its time
 * comes skips that turn; either way the next one is one interval later.
 */
const BATCH = 20;

export async function enqueueDueRecrawls(db: Db, maxAttempts: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: string }>(
      `SELECT id FROM chatbots WHERE next_recrawl_at <= now() ORDER BY next_recrawl_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
    );
    let queued = 0;
    for (const { id } of due) {
      const busy = await tx.query(`SELECT 1 FROM tasks WHERE chatbot_id = $1 AND status IN ('queued', 'pending', 'running') LIMIT 1`, [id]);
      if (busy.length === 0) {
        await enqueueTask(tx, { chatbotId: id, taskType: 'crawl', params: { scheduled: true }, maxAttempts });
        queued++;
      }
      await tx.query(`UPDATE chatbots SET next_recrawl_at = now() + ${SCHEDULE_INTERVAL_SQL} WHERE id = $1`, [id]);
    }
    return queued;
  });
}
