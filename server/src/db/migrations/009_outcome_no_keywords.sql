-- Retrieval no longer has rules for one programming language's vocabulary: the headings' stopword
-- index of migration 005 (searched for "the with statement") goes with them.
DROP INDEX IF EXISTS chunks_heading_words_idx;
ALTER TABLE chunks DROP COLUMN IF EXISTS heading_words;

-- What the evidence supported when an assistant message was written: 'answer', 'unsure' (the site
-- may not answer it exactly; the closest pages were offered) or 'none' (refused, no sources). NULL
-- for user messages, for answers written before this column, and for failure notes.
ALTER TABLE messages ADD COLUMN outcome text CHECK (outcome IN ('answer', 'unsure', 'none'));
