-- A visitor types "editeur par defaut" where the site writes "éditeur par défaut" (issue 38: sites in
-- other languages). In French, Spanish, Portuguese, Italian and Romanian the accents are marks on a
-- letter that keyboards and phones often leave out, so these configurations read words without
-- them. The marks go after stemming, not before: Snowball's suffixes carry them ("installée" and
-- "installer" share `install` only when the é is there; unaccented, "installee" stems `installe`),
-- so a question written with its accents reads exactly as before, and one written without them
-- matches wherever its stem is the site's but for the marks (`defaut`, `editeur`, `reseau`,
-- `contrasen`). Languages whose marked letters are letters of their own (å, ö, ı, ő) keep them;
-- German's and Dutch's stemmers fold their umlauts themselves. The general-word lists
-- (language/generalWords.ts) keep their accents: French "passé" is one, "passe" of "mot de passe" is not.
--
-- The tsvector's and tsquery's text forms hold lexemes and positions only, so folding the text folds
-- the lexemes; reading it back merges lexemes that fold alike, with their positions.
CREATE FUNCTION docent_folds(cfg text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT cfg IN ('french', 'italian', 'portuguese', 'romanian', 'spanish') $$;
CREATE FUNCTION docent_unmark(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT regexp_replace(normalize(t, NFD), '[\u0300-\u036f]+', '', 'g') $$;
CREATE OR REPLACE FUNCTION docent_tsvector(cfg text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN docent_folds(cfg) THEN docent_unmark(to_tsvector(cfg::regconfig, docent_text(cfg, body))::text)::tsvector ELSE to_tsvector(cfg::regconfig, docent_text(cfg, body)) END $$;
CREATE OR REPLACE FUNCTION docent_websearch(cfg text, query text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN docent_folds(cfg) THEN docent_unmark(websearch_to_tsquery(cfg::regconfig, docent_text(cfg, query))::text)::tsquery ELSE websearch_to_tsquery(cfg::regconfig, docent_text(cfg, query)) END $$;

-- Bots already indexed in one of these languages are read again, as an owner's change of language
-- reads them (language/botLanguage.ts): the chunks' words (a stored generated column, computed
-- again when its row is written), the pages' words from them (migration 021), the statistics
-- (term_stats is deleted with its totals) and the LSA space, built from the old words.
UPDATE chunks SET ts_config = ts_config WHERE docent_folds(ts_config);
UPDATE documents d SET tsv = coalesce(a.tsv, ''::tsvector), tsv_len = length(coalesce(a.tsv, ''::tsvector)), ts_config = d.ts_config
  FROM (SELECT x.id, (SELECT tsvector_agg(ts_filter(c.tsv, '{c}') ORDER BY c.ordinal) FROM chunks c WHERE c.document_id = x.id AND c.ordinal < 200) AS tsv
          FROM documents x WHERE docent_folds(x.ts_config)) a
 WHERE d.id = a.id;
CREATE TEMPORARY TABLE folded_bots ON COMMIT DROP AS SELECT DISTINCT chatbot_id FROM chunks WHERE docent_folds(ts_config);
DELETE FROM lsa_spaces WHERE chatbot_id IN (SELECT chatbot_id FROM folded_bots);
DELETE FROM term_totals WHERE chatbot_id IN (SELECT chatbot_id FROM folded_bots);
INSERT INTO term_totals (chatbot_id, generation, live, pages, page_lexemes)
SELECT chatbot_id, coalesce(task_id, '00000000-0000-0000-0000-000000000000'::uuid), bool_or(live), count(*), coalesce(sum(tsv_len), 0)
  FROM documents WHERE chatbot_id IN (SELECT chatbot_id FROM folded_bots) GROUP BY 1, 2;
UPDATE term_totals t SET chunks = c.n, chunk_lexemes = c.len
  FROM (SELECT d.chatbot_id, coalesce(d.task_id, '00000000-0000-0000-0000-000000000000'::uuid) AS generation, count(*) AS n, coalesce(sum(length(c.tsv)), 0) AS len
          FROM chunks c JOIN documents d ON d.id = c.document_id
         WHERE d.chatbot_id IN (SELECT chatbot_id FROM folded_bots) GROUP BY 1, 2) c
 WHERE t.chatbot_id = c.chatbot_id AND t.generation = c.generation;
INSERT INTO term_stats (chatbot_id, generation, lexeme, df)
SELECT d.chatbot_id, coalesce(d.task_id, '00000000-0000-0000-0000-000000000000'::uuid), x.lexeme, count(*)
  FROM chunks c JOIN documents d ON d.id = c.document_id, unnest(tsvector_to_array(c.tsv)) AS x(lexeme)
 WHERE d.chatbot_id IN (SELECT chatbot_id FROM folded_bots) GROUP BY 1, 2, 3;
