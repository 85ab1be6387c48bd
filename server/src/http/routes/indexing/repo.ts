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

/**
 * The name a bot gets when the owner gave none: its start address without the scheme ("docs.example.com",
 * "example.com/docs"), and " (2)", " (3)"… when the owner already has a bot of that name, so two
 * bots made from one site can be told apart in the list.
 */
export async function defaultBotName(q: Queryable, ownerUid: string, startUrl: string): Promise<string> {
  const u = new URL(startUrl);
  const path = u.pathname.replace(/\/+$/, '');
  const base = (u.host + path).slice(0, 180);
  const rows = await q.query<{ name: string }>(`SELECT name FROM chatbots WHERE owner_uid = $1 AND (name = $2 OR starts_with(name, $3))`, [ownerUid, base, `${base} (`]);
  const taken = new Set(rows.map((r) => r.name));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base} (${n})`)) n++;
  return `${base} (${n})`;
}
