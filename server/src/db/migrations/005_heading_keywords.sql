-- Programming languages name their statements and operators with English stopwords ("The with
-- statement", "for Statements"), and the english configuration drops those words, so "with" could
-- never be searched for. heading_words holds the heading path's words as written (the simple
-- configuration), less those the english configuration keeps, which tsv already has. Only headings:
-- the body's stopwords are everywhere and say nothing, while a heading that names one names its
-- subject. A column of its own, so tsv, and every ranking built on it, stays exactly as it was.
ALTER TABLE chunks ADD COLUMN heading_words tsvector GENERATED ALWAYS AS (
  ts_delete(to_tsvector('simple', coalesce(heading_path, '')),
            tsvector_to_array(to_tsvector('english', coalesce(heading_path, ''))))
) STORED;
CREATE INDEX chunks_heading_words_idx ON chunks USING gin (heading_words);
