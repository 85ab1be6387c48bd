-- The whole page's words, for page-level evidence in ranking (answer/pageEvidence.ts): a page that
-- uses the question's words all through is more likely about it than one with a single lucky passage
-- (Callan, "Passage-level evidence in document retrieval", SIGIR 1994). Only read for the few
-- candidate pages of a search, so no index. tsv_len (distinct lexemes, BM25's length) is a column of
-- its own so that the bot's average can be taken without reading every page's tsvector. The first
-- 200,000 characters bound the cost of a huge page and keep the value far below tsvector's 1 MB
-- limit; positions past 16,383 words collapse onto the last one, which only undercounts a word's
-- frequency on the longest pages.
--
-- A trigger rather than two generated columns: a generated column cannot read another, so tsv_len
-- would parse the page a second time, and parsing is most of what indexing a page costs in the
-- database (a crawl of the Python docs took 21 s instead of 15 with two generated columns). The
-- function body stays on one line: splitStatements cuts at semicolons that end a line.
ALTER TABLE documents ADD COLUMN tsv tsvector, ADD COLUMN tsv_len integer;

CREATE FUNCTION documents_page_tsv() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.tsv := to_tsvector('english', left(NEW.content, 200000)); NEW.tsv_len := length(NEW.tsv); RETURN NEW; END $$;

CREATE TRIGGER documents_page_tsv BEFORE INSERT OR UPDATE OF content ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_page_tsv();

-- Pages indexed before this migration.
UPDATE documents SET content = content;
