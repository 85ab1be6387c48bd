import { prepared, type Db, type Queryable } from '../db.js';

/**
 * Per-bot term statistics for BM25 (migration 012), kept at index time so that a question reads
 * them with one indexed lookup. They are kept per generation (a crawl task's documents) and written
 * in the transaction that writes, swaps or deletes the content they count, so a bot's live
 * statistics always equal a count over its live chunks. Whoever writes documents or chunks another
 * way (tools, tests) calls rebuildTermStats afterwards.
 */

/** The generation of documents written without a task (documents.task_id NULL). */
export const NO_TASK = '00000000-0000-0000-0000-000000000000';

export interface Generation {
  chatbotId: string;
  /** The task that wrote the documents (documents.task_id), or NO_TASK. */
  taskId: string | null;
  live: boolean;
}

/** What BM25 needs about a bot's live content. */
export interface CorpusStats {
  /** Live chunks. */
  total: number;
  /** Live chunks holding each lexeme asked about (absent: none). */
  df: Map<string, number>;
  /** Mean distinct lexemes per live chunk (at least 1): the passages' length normalisation. */
  meanChunkLength: number;
  /** Mean distinct lexemes per live page (documents.tsv_len, at least 1): page-level BM25's. */
  meanPageLength: number;
}

const TOTALS_SQL = prepared(`
INSERT INTO term_totals AS t (chatbot_id, generation, live, pages, page_lexemes, chunks, chunk_lexemes)
SELECT $1, $2, $3, $5 * p.n, $5 * p.len, $5 * c.n, $5 * c.len
  FROM (SELECT count(*)::int AS n, coalesce(sum(tsv_len), 0)::bigint AS len FROM documents WHERE id = ANY($4::uuid[])) p,
       (SELECT count(*)::int AS n, coalesce(sum(length(tsv)), 0)::bigint AS len FROM chunks WHERE document_id = ANY($4::uuid[])) c
ON CONFLICT (chatbot_id, generation) DO UPDATE
   SET pages = t.pages + EXCLUDED.pages, page_lexemes = t.page_lexemes + EXCLUDED.page_lexemes,
       chunks = t.chunks + EXCLUDED.chunks, chunk_lexemes = t.chunk_lexemes + EXCLUDED.chunk_lexemes`);

// The lexemes come from the stored tsvectors: nothing is parsed again. Returns the lexemes whose
// count fell to zero, which are then deleted.
const DF_SQL = prepared(`
WITH counted AS (
  INSERT INTO term_stats AS s (chatbot_id, generation, lexeme, df)
  SELECT $1, $2, x.lexeme, $4 * count(*)::int
    FROM chunks c, unnest(tsvector_to_array(c.tsv)) AS x(lexeme)
   WHERE c.document_id = ANY($3::uuid[])
   GROUP BY x.lexeme
  ON CONFLICT (chatbot_id, generation, lexeme) DO UPDATE SET df = s.df + EXCLUDED.df
  RETURNING lexeme, df)
SELECT lexeme FROM counted WHERE df <= 0`);

/**
 * Count documents and their chunks into their generation's statistics (sign 1, after writing them)
 * or out of them (sign -1, before deleting or rewriting them), inside the transaction that does so.
 */
export async function countDocuments(q: Queryable, gen: Generation, documentIds: string[], sign: 1 | -1): Promise<void> {
  if (documentIds.length === 0) return;
  const generation = gen.taskId ?? NO_TASK;
  await q.query(TOTALS_SQL, [gen.chatbotId, generation, gen.live, documentIds, sign]);
  const zero = await q.query<{ lexeme: string }>(DF_SQL, [gen.chatbotId, generation, documentIds, sign]);
  if (zero.length > 0) {
    await q.query('DELETE FROM term_stats WHERE chatbot_id = $1 AND generation = $2 AND lexeme = ANY($3::text[]) AND df <= 0', [
      gen.chatbotId,
      generation,
      zero.map((r) => r.lexeme),
    ]);
  }
}

/**
 * The swap's half for statistics (call it in the swap's transaction): the bot's other live
 * generations go, exactly the documents the swap deletes, and the task's generation becomes live.
 */
export async function swapTermStats(q: Queryable, chatbotId: string, taskId: string): Promise<void> {
  await q.query('DELETE FROM term_totals WHERE chatbot_id = $1 AND live AND generation <> $2', [chatbotId, taskId]);
  await q.query('UPDATE term_totals SET live = true WHERE chatbot_id = $1 AND generation = $2', [chatbotId, taskId]);
}

/** Recount one bot's statistics from its documents and chunks (after writing them another way). */
export async function rebuildTermStats(db: Db, chatbotId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM term_totals WHERE chatbot_id = $1', [chatbotId]);
    await tx.query(
      `INSERT INTO term_totals (chatbot_id, generation, live, pages, page_lexemes)
       SELECT chatbot_id, coalesce(task_id, $2::uuid), bool_or(live), count(*), coalesce(sum(tsv_len), 0)
         FROM documents WHERE chatbot_id = $1 GROUP BY 1, 2`,
      [chatbotId, NO_TASK],
    );
    await tx.query(
      `UPDATE term_totals t SET chunks = c.n, chunk_lexemes = c.len
         FROM (SELECT coalesce(d.task_id, $2::uuid) AS generation, count(*) AS n, coalesce(sum(length(c.tsv)), 0) AS len
                 FROM chunks c JOIN documents d ON d.id = c.document_id
                WHERE d.chatbot_id = $1 GROUP BY 1) c
        WHERE t.chatbot_id = $1 AND t.generation = c.generation`,
      [chatbotId, NO_TASK],
    );
    await tx.query(
      `INSERT INTO term_stats (chatbot_id, generation, lexeme, df)
       SELECT $1, coalesce(d.task_id, $2::uuid), x.lexeme, count(*)
         FROM chunks c JOIN documents d ON d.id = c.document_id, unnest(tsvector_to_array(c.tsv)) AS x(lexeme)
        WHERE d.chatbot_id = $1 GROUP BY 2, 3`,
      [chatbotId, NO_TASK],
    );
  });
}

// One round trip: the totals row (lexeme NULL), then a row per lexeme some live chunk holds.
const READ_SQL = `
SELECT NULL::text AS lexeme, coalesce(sum(chunks), 0)::float8 AS n, coalesce(sum(chunk_lexemes), 0)::float8 AS chunk_lexemes,
       coalesce(sum(pages), 0)::float8 AS pages, coalesce(sum(page_lexemes), 0)::float8 AS page_lexemes
  FROM term_totals WHERE chatbot_id = $1 AND live
UNION ALL
SELECT s.lexeme, sum(s.df)::float8, NULL, NULL, NULL
  FROM term_totals t JOIN term_stats s ON s.chatbot_id = t.chatbot_id AND s.generation = t.generation
 WHERE t.chatbot_id = $1 AND t.live AND s.lexeme = ANY($2::text[])
 GROUP BY s.lexeme`;

/** The bot's live statistics, with the document frequency of each of these lexemes. */
export async function readTermStats(q: Queryable, chatbotId: string, lexemes: string[]): Promise<CorpusStats> {
  const rows = await q.query<{
    lexeme: string | null;
    n: number;
    chunk_lexemes: number | null;
    pages: number | null;
    page_lexemes: number | null;
  }>(READ_SQL, [chatbotId, lexemes]);
  const stats: CorpusStats = { total: 0, df: new Map(), meanChunkLength: 1, meanPageLength: 1 };
  for (const row of rows) {
    const n = Number(row.n);
    if (row.lexeme !== null) {
      if (n > 0) stats.df.set(row.lexeme, n);
      continue;
    }
    stats.total = n;
    stats.meanChunkLength = mean(Number(row.chunk_lexemes), n);
    stats.meanPageLength = mean(Number(row.page_lexemes), Number(row.pages));
  }
  return stats;
}

const mean = (sum: number, count: number) => (count > 0 ? Math.max(1, sum / count) : 1);
