-- The in-links' anchor text (migration 007) as a search field of its own: ranking reads the
-- question's words in it per page (answer/retrieval/chunkRanking.ts). Generated, so the crawl's
-- UPDATE of anchor_text before the swap keeps it current.
ALTER TABLE documents ADD COLUMN anchor_tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', anchor_text)) STORED;
