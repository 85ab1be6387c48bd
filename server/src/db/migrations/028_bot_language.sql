-- A bot has a language (issue 38): detected at crawl time (language/detect.ts, most pages win) or
-- chosen by its owner (language_chosen), as a BCP-47 primary subtag ('de', 'en'); NULL when not
-- known, which reads as before: English. page_languages: the languages its live pages are in, so a
-- question in one of them is read in it (language/queryConfig.ts).
ALTER TABLE chatbots ADD COLUMN language text, ADD COLUMN language_chosen boolean NOT NULL DEFAULT false,
  ADD COLUMN page_languages text[] NOT NULL DEFAULT '{}';

-- Each page is indexed in its own language (a mixed site page by page): the page's detected
-- language and the text search configuration its words are read with (language/configs.ts). Text,
-- not regconfig: pg_upgrade refuses tables with regconfig columns. Rows written before this
-- migration, and writers that name no configuration, read English as before.
ALTER TABLE documents ADD COLUMN language text, ADD COLUMN ts_config text NOT NULL DEFAULT 'english';
ALTER TABLE chunks ADD COLUMN ts_config text NOT NULL DEFAULT 'english';

-- The one door for text search in SQL: a configuration by name, and CJK text (which the parser
-- reads as one token per run of characters between punctuation, so no word inside it could be
-- found) read character by character under 'simple'; every other text exactly as to_tsvector reads
-- it. Declared IMMUTABLE for the generated columns: a configuration's name always means the same
-- built-in configuration (the text -> regconfig cast is only STABLE because of the search path).
CREATE FUNCTION docent_text(cfg text, body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN cfg = 'simple' THEN regexp_replace(body, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])', ' \1 ', 'g') ELSE body END $$;
CREATE FUNCTION docent_tsvector(cfg text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT to_tsvector(cfg::regconfig, docent_text(cfg, body)) $$;
CREATE FUNCTION docent_websearch(cfg text, query text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT websearch_to_tsquery(cfg::regconfig, docent_text(cfg, query)) $$;

-- The chunks' words in their page's configuration. A generated column's expression cannot be
-- changed on PostgreSQL 15, so tsv is made again (every chunk is read once more) with its index.
DROP INDEX IF EXISTS chunks_bot_tsv_idx;
ALTER TABLE chunks DROP COLUMN tsv;
ALTER TABLE chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS (
  setweight(docent_tsvector(ts_config, coalesce(title, '')), 'A') ||
  setweight(docent_tsvector(ts_config, coalesce(heading_path, '')), 'B') ||
  setweight(docent_tsvector(ts_config, content), 'C')
) STORED;
CREATE INDEX chunks_bot_tsv_idx ON chunks USING gin (chatbot_id, tsv) WITH (gin_pending_list_limit = 1024);

ALTER TABLE documents DROP COLUMN anchor_tsv;
ALTER TABLE documents ADD COLUMN anchor_tsv tsvector GENERATED ALWAYS AS (docent_tsvector(ts_config, anchor_text)) STORED;

-- The page's words when a writer does not set them from the chunks (migration 021), in its configuration.
CREATE OR REPLACE FUNCTION documents_page_tsv() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF (TG_OP = 'INSERT' AND NEW.tsv IS NOT NULL) OR (TG_OP = 'UPDATE' AND NEW.tsv IS DISTINCT FROM OLD.tsv) THEN RETURN NEW; END IF; NEW.tsv := docent_tsvector(NEW.ts_config, left(NEW.content, 200000)); NEW.tsv_len := length(NEW.tsv); RETURN NEW; END $$;
