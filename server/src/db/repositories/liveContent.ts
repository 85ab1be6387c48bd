import type { LivePage, Revalidated } from '../../index/changeTracker.js';
import type { Queryable } from '../db.js';
import { flipStagedLive } from './documents.js';
import { countDocuments } from './termStats.js';

/**
 * Changing a bot's live content page by page (issue 19): an incremental re-crawl keeps the pages it
 * found unchanged, a single source is added or removed, a stopped refresh's staged rows go. Every
 * change counts the documents in or out of their generation's term statistics in the same
 * transaction, so the statistics keep equalling a count over the live chunks.
 */
/** The bot's live pages by URL with their content hash: what a re-crawl compares its pages with. */
export async function liveDocumentHashes(q: Queryable, chatbotId: string): Promise<Map<string, LivePage>> {
  const rows = await q.query<{
    id: string;
    url: string;
    content_hash: string;
    title: string;
    etag: string | null;
    last_modified: string | null;
    links: string[] | null;
  }>('SELECT id::text AS id, url, content_hash, title, etag, last_modified, links FROM documents WHERE chatbot_id = $1 AND live', [
    chatbotId,
  ]);
  return new Map(
    rows.map((r) => [
      r.url,
      { id: r.id, hash: r.content_hash, title: r.title, etag: r.etag, lastModified: r.last_modified, links: r.links },
    ]),
  );
}

/**
 * swapGeneration for an incremental re-crawl: the live pages it found unchanged (`keptIds`) stay
 * as they are, chunks, vectors and statistics included, in the generation that wrote them; only
 * the changed and removed ones are counted out and deleted, then the task's generation goes live.
 * A bot's statistics are the sum over its live generations, so several may be live at once.
 */
export async function swapGenerationKeeping(
  q: Queryable,
  chatbotId: string,
  taskId: string,
  keptIds: string[],
  revalidated: Revalidated[] = [],
): Promise<void> {
  // Links go as one JSON array per page (SQL arrays cannot nest).
  if (revalidated.length > 0) {
    await q.query(
      `UPDATE documents d SET etag = r.etag, last_modified = r.lm, links = ARRAY(SELECT jsonb_array_elements_text(r.links))
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[]) AS r(id, etag, lm, links) WHERE d.id = r.id`,
      [
        revalidated.map((r) => r.id),
        revalidated.map((r) => r.etag ?? null),
        revalidated.map((r) => r.lastModified ?? null),
        revalidated.map((r) => JSON.stringify(r.links ?? [])),
      ],
    );
  }
  const gone = await q.query<{ id: string; task_id: string | null }>(
    `SELECT id::text AS id, task_id::text AS task_id FROM documents
      WHERE chatbot_id = $1 AND live AND task_id IS DISTINCT FROM $2 AND NOT (id = ANY($3::uuid[]))`,
    [chatbotId, taskId, keptIds],
  );
  const byGeneration = new Map<string | null, string[]>();
  for (const d of gone) byGeneration.set(d.task_id, [...(byGeneration.get(d.task_id) ?? []), d.id]);
  for (const [gen, ids] of byGeneration) await countDocuments(q, { chatbotId, taskId: gen, live: true }, ids, -1);
  if (gone.length > 0) await q.query('DELETE FROM documents WHERE id = ANY($1::uuid[])', [gone.map((d) => d.id)]);
  await q.query('DELETE FROM term_totals WHERE chatbot_id = $1 AND live AND generation <> $2 AND pages <= 0', [chatbotId, taskId]);
  await q.query('UPDATE term_totals SET live = true WHERE chatbot_id = $1 AND generation = $2', [chatbotId, taskId]);
  await flipStagedLive(q, chatbotId, taskId);
}

/** Take one page out of a bot's live content (statistics with it); returns how many rows went. */
export async function removeLivePage(q: Queryable, chatbotId: string, url: string): Promise<number> {
  const docs = await q.query<{ id: string; task_id: string | null }>(
    'SELECT id::text AS id, task_id::text AS task_id FROM documents WHERE chatbot_id = $1 AND live AND url = $2',
    [chatbotId, url],
  );
  for (const d of docs) await countDocuments(q, { chatbotId, taskId: d.task_id, live: true }, [d.id], -1);
  if (docs.length > 0) await q.query('DELETE FROM documents WHERE id = ANY($1::uuid[])', [docs.map((d) => d.id)]);
  return docs.length;
}

/** Remove a task's staged (not live) generation, its term statistics with it; live rows stay. */
export async function discardStagedDocuments(q: Queryable, taskId: string): Promise<void> {
  await q.query(
    `WITH stats AS (DELETE FROM term_totals WHERE generation = $1 AND NOT live)
     DELETE FROM documents WHERE task_id = $1 AND NOT live`,
    [taskId],
  );
}
