-- Per-bot term statistics for BM25, kept at index time (db/repositories/termStats.ts) so a question
-- reads them with one indexed lookup instead of counting, for every word, the chunks that hold it
-- (a new question was 3.5x slower than a repeated one on a 50,000-chunk bot).
--
-- Kept per generation: a crawl task's documents and chunks (documents.task_id; the nil uuid for
-- rows written without a task) are counted as they are written, staged or live, and a re-crawl's
-- swap only flips its generation's `live` and drops the old generation's rows, in the transaction
-- that swaps the content. A bot's statistics are the sum over its live generations, which always
-- equals a count over its live chunks (a generation is live or staged as a whole).
CREATE TABLE term_totals (
  chatbot_id     uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
  generation     uuid NOT NULL,
  live           boolean NOT NULL,
  -- Documents, and the sum of their documents.tsv_len (page-level BM25's mean length).
  pages          integer NOT NULL DEFAULT 0,
  page_lexemes   bigint NOT NULL DEFAULT 0,
  -- Chunks, and the sum of length(tsv) (distinct lexemes: the passages' BM25 length).
  chunks         integer NOT NULL DEFAULT 0,
  chunk_lexemes  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (chatbot_id, generation)
);

-- df: how many of the generation's chunks hold the lexeme (a row only while it is above zero).
CREATE TABLE term_stats (
  chatbot_id  uuid NOT NULL,
  generation  uuid NOT NULL,
  lexeme      text NOT NULL,
  df          integer NOT NULL,
  PRIMARY KEY (chatbot_id, generation, lexeme),
  FOREIGN KEY (chatbot_id, generation) REFERENCES term_totals (chatbot_id, generation) ON DELETE CASCADE
);

-- Bots indexed before this migration. A chunk belongs to its document's generation.
INSERT INTO term_totals (chatbot_id, generation, live, pages, page_lexemes)
SELECT chatbot_id, coalesce(task_id, '00000000-0000-0000-0000-000000000000'::uuid), bool_or(live), count(*), coalesce(sum(tsv_len), 0)
  FROM documents
 GROUP BY 1, 2;

UPDATE term_totals t SET chunks = c.n, chunk_lexemes = c.len
  FROM (SELECT d.chatbot_id, coalesce(d.task_id, '00000000-0000-0000-0000-000000000000'::uuid) AS generation,
               count(*) AS n, coalesce(sum(length(c.tsv)), 0) AS len
          FROM chunks c JOIN documents d ON d.id = c.document_id
         GROUP BY 1, 2) c
 WHERE t.chatbot_id = c.chatbot_id AND t.generation = c.generation;

INSERT INTO term_stats (chatbot_id, generation, lexeme, df)
SELECT d.chatbot_id, coalesce(d.task_id, '00000000-0000-0000-0000-000000000000'::uuid), x.lexeme, count(*)
  FROM chunks c JOIN documents d ON d.id = c.document_id, unnest(tsvector_to_array(c.tsv)) AS x(lexeme)
 GROUP BY 1, 2, 3;
