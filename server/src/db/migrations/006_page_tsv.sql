-- The whole page's words, for page-level evidence in ranking (answer/pageEvidence.ts): a page that
-- uses the question's words all through is more likely about it than one with a single lucky passage
-- (Callan, "Passage-level evidence in document retrieval", SIGIR 1994). Only read for the few
-- candidate pages of a search, so no index. tsv_len (distinct lexemes, BM25's length) is a column of
-- its own so that the bot's average can be taken without reading every page's tsvector. The first
-- 200,000 characters bound the cost of a huge page and keep the value far below tsvector's 1 MB
-- limit; positions past 16,383 words collapse onto the last one, which only undercounts a word's
-- frequency on the longest pages.
ALTER TABLE documents
  ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', left(content, 200000))) STORED,
  ADD COLUMN tsv_len integer GENERATED ALWAYS AS (length(to_tsvector('english', left(content, 200000)))) STORED;
