-- Tenant isolation in the full-text index. One GIN over every bot's chunks made a question's cost
-- grow with the other bots: a common word's posting list covers every tenant, and the bitmap heap
-- scan then read and rechecked other bots' rows before the chatbot_id filter dropped them (one
-- 14,000-chunk bot: p95 x4.2 with 15 other bots in the database). A GIN over (chatbot_id, tsv), with
-- btree_gin for the uuid column, answers `chatbot_id = $1 AND tsv @@ q` inside the index: the bot's
-- entry and the words' entries are intersected there, skipping the other bots' stretches of the
-- posting trees, so only the bot's own matching rows reach the heap. It also serves any query on
-- tsv alone, so the old single-column index goes (one index to keep up on every write, not two).
-- btree_gin ships with PostgreSQL's contrib and with PGlite (registered in db/pglite*.ts), and is a
-- trusted extension: a database owner without superuser may create it. It goes in public, not the
-- first schema of the search_path: an extension lives in one schema per database, and dropping that
-- schema (as the tests do with theirs) would drop it and every bot-led index with it.
CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public;
CREATE INDEX chunks_bot_tsv_idx ON chunks USING gin (chatbot_id, tsv);
DROP INDEX IF EXISTS chunks_tsv_idx;
