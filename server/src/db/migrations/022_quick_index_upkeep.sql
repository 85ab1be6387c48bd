-- Keep the crawl's index upkeep in small pieces: on the embedded database one statement runs at a
-- time, and a visitor's question waits for whichever one is running.
--
-- The full-text index's pending list (GIN fast update) was 4 MB: every 28th batch of chunks merged
-- it into the index inside its INSERT, a 110-135 ms statement, and every search read the whole list
-- meanwhile. At 1 MB the merges take under 80 ms, and the extra merging costs about 5% of the chunk
-- inserts' time (bench/eventLoop.ts, the Python docs at depth 2).
ALTER INDEX chunks_bot_tsv_idx SET (gin_pending_list_limit = 1024);

-- No query filters or sorts on these texts, and ANALYZE read every one of them in full: ANALYZE
-- chunks on 20,556 chunks took 147 ms (median of 10), 125-130 ms without them.
ALTER TABLE chunks ALTER COLUMN content SET STATISTICS 0;
ALTER TABLE documents ALTER COLUMN content SET STATISTICS 0;
