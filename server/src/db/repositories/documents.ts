import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db.js';
import { one, prepared } from '../db.js';
import { inSteps } from '../inSteps.js';
import { countDocuments, swapTermStats } from './termStats.js';
import { pageReadings } from '../../language/botLanguage.js';

/**
 * Indexed pages and their chunks. A (re-)crawl writes its generation with `task_id`; rows are
 * written live at once for a bot that has no content yet, and staged (live = false) otherwise,
 * then swapped in one transaction when the task completes, so the bot answers from the old
 * generation meanwhile.
 */
export interface NewDocument {
  url: string;
  title: string;
  content: string;
  contentHash: string;
  /** `url`: where the chunk is cited when not the document's URL (a PDF page's `#page=N`). */
  chunks: { ordinal: number; headingPath: string; content: string; url?: string }[];
  /** For the next re-crawl's conditional request (migration 014). */
  etag?: string;
  lastModified?: string;
  links?: string[];
  /** The language the page declares (`<html lang>`, else Content-Language); its text is read too (language/detect.ts). */
  declaredLanguage?: string;
}

export interface WrittenDocument {
  id: string;
  chunkIds: string[];
}

/** The pages' tsv from their chunks' content positions (migration 021), not parsed again. */
const PAGE_TSV_FROM_CHUNKS_SQL = `
UPDATE documents d SET tsv = a.tsv, tsv_len = length(a.tsv)
  FROM (SELECT document_id, tsvector_agg(ts_filter(tsv, '{c}') ORDER BY ordinal) AS tsv
          FROM chunks WHERE document_id = ANY($1::uuid[]) AND ordinal < 200 GROUP BY document_id) a
 WHERE d.id = a.document_id`;

/**
 * A batch's chunks, and their pages' tsv from the chunks' content positions (as PAGE_TSV_FROM_CHUNKS_SQL)
 * taken from the rows just inserted rather than read back from the table: one statement instead of
 * two. 5-6% less CPU for indexing the Python docs and the Debian Handbook (in-process PGlite, same
 * run, same term statistics and tsvectors; bench/README.md). The term counts stay a statement of
 * their own, so a visitor's question waits for no longer a statement than before (inSteps.ts).
 */
const WRITE_CHUNKS_SQL = prepared(`
WITH ins AS (
  INSERT INTO chunks (document_id, chatbot_id, live, ordinal, url, title, heading_path, content, ts_config)
  SELECT c.doc, $1, $2, c.ord, c.url, c.title, c.path, c.content, c.cfg
    FROM unnest($3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS c(doc, ord, url, title, path, content, cfg)
  RETURNING id, document_id, ordinal, tsv),
pages AS (
  SELECT document_id, tsvector_agg(ts_filter(tsv, '{c}') ORDER BY ordinal) FILTER (WHERE ordinal < 200) AS tsv
    FROM ins GROUP BY document_id),
page_tsv AS (
  UPDATE documents d SET tsv = p.tsv, tsv_len = length(p.tsv) FROM pages p WHERE d.id = p.document_id)
SELECT id::text AS id, document_id FROM ins`);

// The page's tsv comes from its chunks (WRITE_CHUNKS_SQL, migration 021): an empty one skips the parse.
const WRITE_DOCUMENTS_SQL = prepared(`
INSERT INTO documents (id, chatbot_id, task_id, live, url, title, content, content_hash, etag, last_modified, links, tsv, tsv_len, language, ts_config)
SELECT d.id, $1, $2, $3, d.url, d.title, d.content, d.hash, d.etag, d.lm, ARRAY(SELECT jsonb_array_elements_text(d.links)), ''::tsvector, 0, d.lang, d.cfg
  FROM unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::jsonb[], $12::text[], $13::text[])
       AS d(id, url, title, content, hash, etag, lm, links, lang, cfg)`);

/**
 * Write a batch of documents with their chunks: one transaction on PostgreSQL, statement by
 * statement on PGlite so visitors' queries go between them (inSteps.ts). The documents go first,
 * their chunks next, the counts last. Every statement of it is prepared once per session (prepared(),
 * db.ts; their generic plans use the same indexes): parsing and planning them for every batch was
 * about a ninth of the index writes' time (generated 1,000-page site, bench/README.md).
 */
export async function insertDocuments(
  db: Db,
  chatbotId: string,
  taskId: string,
  live: boolean,
  docs: NewDocument[],
): Promise<WrittenDocument[]> {
  if (docs.length === 0) return [];
  return inSteps(db, async (tx) => {
    const ids = docs.map(() => randomUUID());
    // Each page in its own language (migration 028): its chunks' words are read in its configuration.
    const readings = await pageReadings(tx, chatbotId, docs);
    await tx.query(WRITE_DOCUMENTS_SQL, [
      chatbotId,
      taskId,
      live,
      ids,
      docs.map((d) => d.url),
      docs.map((d) => d.title),
      docs.map((d) => d.content),
      docs.map((d) => d.contentHash),
      docs.map((d) => d.etag ?? null),
      docs.map((d) => d.lastModified ?? null),
      docs.map((d) => JSON.stringify(d.links ?? [])),
      readings.map((r) => r.language),
      readings.map((r) => r.config),
    ]);
    const rows = docs.flatMap((d, i) =>
      d.chunks.map((c) => ({ ...c, doc: ids[i]!, url: c.url ?? d.url, title: d.title, config: readings[i]!.config })),
    );
    if (rows.length === 0) {
      await countDocuments(tx, { chatbotId, taskId, live }, ids, 1);
      return ids.map((id) => ({ id, chunkIds: [] }));
    }
    const inserted = await tx.query<{ id: string; document_id: string }>(WRITE_CHUNKS_SQL, [
      chatbotId,
      live,
      rows.map((r) => r.doc),
      rows.map((r) => r.ordinal),
      rows.map((r) => r.url),
      rows.map((r) => r.title),
      rows.map((r) => r.headingPath),
      rows.map((r) => r.content),
      rows.map((r) => r.config),
    ]);
    await countDocuments(tx, { chatbotId, taskId, live }, ids, 1);
    return ids.map((id) => ({ id, chunkIds: inserted.filter((r) => r.document_id === id).map((r) => r.id) }));
  });
}

/** Replace a stored document's text and chunks (its site-wide lines were judged again after the crawl). */
export async function replaceDocumentContent(
  db: Db,
  documentId: string,
  content: string,
  chunks: NewDocument['chunks'],
): Promise<{ removed: number; chunkIds: string[] }> {
  return db.transaction(async (tx) => {
    const [doc] = await tx.query<{
      chatbot_id: string;
      task_id: string | null;
      live: boolean;
      url: string;
      title: string;
      ts_config: string;
    }>('SELECT chatbot_id, task_id, live, url, title, ts_config FROM documents WHERE id = $1 FOR UPDATE', [documentId]);
    if (!doc) return { removed: 0, chunkIds: [] };
    const generation = { chatbotId: doc.chatbot_id, taskId: doc.task_id, live: doc.live };
    await countDocuments(tx, generation, [documentId], -1);
    // Its tsv comes from the new chunks below (migration 021).
    await tx.query("UPDATE documents SET content = $2, tsv = ''::tsvector, tsv_len = 0 WHERE id = $1", [documentId, content]);
    const [gone] = await tx.query<{ n: number }>(
      'WITH d AS (DELETE FROM chunks WHERE document_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM d',
      [documentId],
    );
    const removed = gone?.n ?? 0;
    const inserted =
      chunks.length === 0
        ? []
        : await tx.query<{ id: string }>(
            `INSERT INTO chunks (document_id, chatbot_id, live, ordinal, url, title, heading_path, content, ts_config)
             SELECT $1, $2, $3, c.ord, $4, $5, c.path, c.content, $9
               FROM unnest($6::int[], $7::text[], $8::text[]) AS c(ord, path, content)
             RETURNING id::text AS id`,
            [
              documentId,
              doc.chatbot_id,
              doc.live,
              doc.url,
              doc.title,
              chunks.map((c) => c.ordinal),
              chunks.map((c) => c.headingPath),
              chunks.map((c) => c.content),
              doc.ts_config,
            ],
          );
    await tx.query(PAGE_TSV_FROM_CHUNKS_SQL, [[documentId]]);
    await countDocuments(tx, generation, [documentId], 1);
    return { removed, chunkIds: inserted.map((r) => r.id) };
  });
}

/** A task's documents with these URLs: id and stored text. */
export async function taskDocumentsByUrl(
  q: Queryable,
  taskId: string,
  urls: string[],
): Promise<{ id: string; url: string; title: string; content: string }[]> {
  return q.query('SELECT id::text AS id, url, title, content FROM documents WHERE task_id = $1 AND url = ANY($2::text[])', [taskId, urls]);
}

/** Set the anchor text (migration 007) of a task's documents, by URL. */
export async function setAnchorTexts(q: Queryable, taskId: string, rows: { url: string; text: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE documents SET anchor_text = a.text
       FROM unnest($2::text[], $3::text[]) AS a(url, text)
      WHERE documents.task_id = $1 AND documents.url = a.url`,
    [taskId, rows.map((r) => r.url), rows.map((r) => r.text)],
  );
}

/** Remove everything a task wrote (a retried attempt starts clean), its term statistics with it. */
export async function deleteTaskDocuments(q: Queryable, taskId: string): Promise<void> {
  // One statement, so the statistics and the documents they count go together.
  await q.query('WITH stats AS (DELETE FROM term_totals WHERE generation = $1) DELETE FROM documents WHERE task_id = $1', [taskId]);
}

/** Live documents of the bot that another task wrote (decides staged vs direct writes). */
export async function countOtherLiveDocuments(q: Queryable, chatbotId: string, taskId: string): Promise<number> {
  const row = await one<{ n: number }>(
    q,
    'SELECT count(*)::int AS n FROM documents WHERE chatbot_id = $1 AND live AND task_id IS DISTINCT FROM $2',
    [chatbotId, taskId],
  );
  return row?.n ?? 0;
}

/**
 * Make the task's generation the bot's content: delete the old live documents (their chunks
 * cascade) and flip the staged ones live, with their term statistics, all in one transaction.
 */
export async function swapGeneration(q: Queryable, chatbotId: string, taskId: string): Promise<void> {
  await swapTermStats(q, chatbotId, taskId);
  await q.query('DELETE FROM documents WHERE chatbot_id = $1 AND live AND task_id IS DISTINCT FROM $2', [chatbotId, taskId]);
  await flipStagedLive(q, chatbotId, taskId);
}

/** The task's staged documents and their chunks go live (the swaps' last step, inside their transaction). */
export async function flipStagedLive(q: Queryable, chatbotId: string, taskId: string): Promise<void> {
  await q.query('UPDATE documents SET live = true WHERE chatbot_id = $1 AND task_id = $2 AND NOT live', [chatbotId, taskId]);
  await q.query(
    `UPDATE chunks SET live = true
      WHERE chatbot_id = $1 AND NOT live AND document_id IN (SELECT id FROM documents WHERE task_id = $2)`,
    [chatbotId, taskId],
  );
}

export async function countLiveDocuments(q: Queryable, chatbotId: string): Promise<number> {
  const row = await one<{ n: number }>(q, 'SELECT count(*)::int AS n FROM documents WHERE chatbot_id = $1 AND live', [chatbotId]);
  return row?.n ?? 0;
}

/** Record that a task's generation is the bot's content (inside the swap's transaction). */
export async function recordCommit(q: Queryable, chatbotId: string, taskId: string, documents: number): Promise<void> {
  await q.query('INSERT INTO index_commits (task_id, chatbot_id, documents) VALUES ($1, $2, $3) ON CONFLICT (task_id) DO NOTHING', [
    taskId,
    chatbotId,
    documents,
  ]);
}

/** Documents a task committed, or undefined when it has not committed (a retry must start clean). */
export async function committedDocuments(q: Queryable, taskId: string): Promise<number | undefined> {
  const row = await one<{ documents: number }>(q, 'SELECT documents FROM index_commits WHERE task_id = $1', [taskId]);
  return row?.documents;
}
