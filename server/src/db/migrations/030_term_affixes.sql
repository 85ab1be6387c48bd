-- A question's word read in the site's compounds (issue 38): in German, Dutch and the Nordic
-- languages "Tastatur" is also "Tastatureingabe" and "Editor" also "Texteditor", one stem each that
-- the question's word does not match. Retrieval looks up the bot's words that begin or end with a
-- question's word (answer/retrieval/questionRead.ts): two byte-wise index ranges, one on the words
-- and one on the words reversed, instead of a scan of the bot's whole vocabulary (67 ms on the
-- German Debian Reference's 12,000 words).
CREATE INDEX term_stats_prefix_idx ON term_stats (chatbot_id, generation, lexeme text_pattern_ops);
CREATE INDEX term_stats_suffix_idx ON term_stats (chatbot_id, generation, reverse(lexeme) text_pattern_ops);
