-- A crawl that stopped at its page or depth limit with admissible links left uncrawled (issue 39):
-- {"kind": "pages" | "depth", "links_left": n}, shown with the task so the owner can crawl more.
-- Null: the crawl took every link it found, was stopped, or fetched chosen URLs only.
ALTER TABLE tasks ADD COLUMN limit_reached jsonb;
