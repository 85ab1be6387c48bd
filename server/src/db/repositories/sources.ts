import { cleanText } from '../../text/validText.js';
import type { Queryable } from '../db.js';

export type SourceStatus = 'pending' | 'indexed' | 'failed' | 'skipped';

export interface SourceRecord {
  url: string;
  status: SourceStatus;
  error?: string | null;
  title?: string | null;
  depth?: number | null;
}

/** The URLs an owner chose (index-urls): recorded as manual, pending until the task reaches them. */
export async function insertManualSources(q: Queryable, chatbotId: string, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await q.query(
    `INSERT INTO sources (chatbot_id, url, added_manually, status)
     SELECT $1, u, true, 'pending' FROM unnest($2::text[]) AS u
     ON CONFLICT (chatbot_id, url) DO UPDATE SET added_manually = true, updated_at = now()`,
    [chatbotId, urls],
  );
}

/** Upsert what happened to a batch of URLs during a task (one statement per batch). */
export async function recordSources(q: Queryable, chatbotId: string, taskId: string, records: SourceRecord[]): Promise<void> {
  if (records.length === 0) return;
  // The same URL twice in one statement would make ON CONFLICT fail; the last word wins.
  const byUrl = new Map(records.map((r) => [r.url, r]));
  const list = [...byUrl.values()];
  await q.query(
    `INSERT INTO sources (chatbot_id, url, status, error, title, depth, task_id, updated_at)
     SELECT $1, r.url, r.status, r.error, r.title, r.depth, $2, now()
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS r(url, status, error, title, depth)
     ON CONFLICT (chatbot_id, url) DO UPDATE
       SET status = EXCLUDED.status, error = EXCLUDED.error,
           title = coalesce(EXCLUDED.title, sources.title), depth = coalesce(EXCLUDED.depth, sources.depth),
           task_id = EXCLUDED.task_id, updated_at = now()`,
    [
      chatbotId,
      taskId,
      list.map((r) => r.url),
      list.map((r) => r.status),
      list.map((r) => (r.error ? cleanText(r.error.slice(0, 500)) : null)),
      list.map((r) => (r.title ? cleanText(r.title.slice(0, 500)) : null)),
      list.map((r) => r.depth ?? null),
    ],
  );
}

/** The owner's chosen URLs of a bot (a refresh of a bot built from a list re-indexes them). */
export async function manualSourceUrls(q: Queryable, chatbotId: string): Promise<string[]> {
  const rows = await q.query<{ url: string }>(`SELECT url FROM sources WHERE chatbot_id = $1 AND added_manually ORDER BY url LIMIT 10000`, [
    chatbotId,
  ]);
  return rows.map((r) => r.url);
}

/**
 * After an attempt that failed: pages are recorded as indexed when they are queued for writing,
 * so those whose write never happened would say 'indexed' over no content. They say so instead.
 */
export async function failUnstoredSources(q: Queryable, chatbotId: string, taskId: string): Promise<void> {
  await q.query(
    `UPDATE sources s SET status = 'failed', error = 'Not indexed: the task failed before this page was stored', updated_at = now()
      WHERE s.chatbot_id = $1 AND s.task_id = $2 AND s.status = 'indexed'
        AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.task_id = $2 AND d.chatbot_id = $1 AND d.url = s.url)`,
    [chatbotId, taskId],
  );
}

/** After a completed crawl: forget crawled sources this task did not meet (chosen ones stay). */
export async function dropStaleSources(q: Queryable, chatbotId: string, taskId: string): Promise<void> {
  await q.query(`DELETE FROM sources WHERE chatbot_id = $1 AND NOT added_manually AND task_id IS DISTINCT FROM $2`, [chatbotId, taskId]);
}

/** A single page added by the owner that could not be indexed: its source row goes, unless the page is live (a failed re-index). */
export async function dropUnindexedSource(q: Queryable, chatbotId: string, url: string): Promise<void> {
  await q.query(
    `DELETE FROM sources s WHERE s.chatbot_id = $1 AND s.url = $2
        AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.chatbot_id = $1 AND d.url = $2 AND d.live)`,
    [chatbotId, url],
  );
}

/** Removes one URL from a bot's sources; whether it was there. */
export async function deleteSource(q: Queryable, chatbotId: string, url: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM sources WHERE chatbot_id = $1 AND url = $2 RETURNING 1', [chatbotId, url]);
  return rows.length > 0;
}
