-- The site's own LSA space (embeddings/lsaSpace.ts): built from the bot's live chunks at the end of
-- a crawl, one row per bot written in one statement, so a question reads either the old space or
-- the new one, never half of one. Vectors are float32 arrays packed into bytea (little-endian), not
-- pgvector's type: the same table on PGlite and on PostgreSQL without the extension. Deleted with
-- the bot.
CREATE TABLE lsa_spaces (
  chatbot_id    uuid PRIMARY KEY REFERENCES chatbots (id) ON DELETE CASCADE,
  built_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  build_ms      integer NOT NULL,
  dims          integer NOT NULL,
  terms         text[] NOT NULL,
  idf           bytea NOT NULL,
  term_vectors  bytea NOT NULL,
  chunk_ids     bigint[] NOT NULL,
  chunk_vectors bytea NOT NULL
);
