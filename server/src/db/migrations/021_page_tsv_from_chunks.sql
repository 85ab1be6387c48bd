-- A page's words (documents.tsv, migration 006) put together from its chunks' own tsvectors instead
-- of parsing the page's text a second time: parsing is most of what indexing costs in the database,
-- and the chunks hold the whole page. tsvector_agg concatenates in chunk order (positions shifted, as
-- || does); the indexer keeps only the content's positions (weight C, not the title and heading path
-- every chunk repeats) of the first 200 chunks (about the 200,000 characters 006 reads, and far
-- below tsvector's 1 MB). The words of the overlap between two pieces of a section count twice.
CREATE AGGREGATE tsvector_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');

-- A writer that sets tsv itself (the indexer, which fills it from the chunks it writes next) is not
-- parsed for; every other insert or change of content still is.
CREATE OR REPLACE FUNCTION documents_page_tsv() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF (TG_OP = 'INSERT' AND NEW.tsv IS NOT NULL) OR (TG_OP = 'UPDATE' AND NEW.tsv IS DISTINCT FROM OLD.tsv) THEN RETURN NEW; END IF; NEW.tsv := to_tsvector('english', left(NEW.content, 200000)); NEW.tsv_len := length(NEW.tsv); RETURN NEW; END $$;
