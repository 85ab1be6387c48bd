-- Sources that stay fresh (issue 19). include/exclude_patterns: the owner's URL globs, applied when
-- collecting and crawling. recrawl_schedule: off, daily or weekly; next_recrawl_at is when the
-- worker next queues a refresh (NULL when off).
ALTER TABLE chatbots ADD COLUMN include_patterns text[] NOT NULL DEFAULT '{}';
ALTER TABLE chatbots ADD COLUMN exclude_patterns text[] NOT NULL DEFAULT '{}';
ALTER TABLE chatbots ADD COLUMN recrawl_schedule text NOT NULL DEFAULT 'off' CHECK (recrawl_schedule IN ('off', 'daily', 'weekly'));
ALTER TABLE chatbots ADD COLUMN next_recrawl_at timestamptz;
CREATE INDEX chatbots_next_recrawl_idx ON chatbots (next_recrawl_at) WHERE next_recrawl_at IS NOT NULL;
-- What a re-crawl needs to ask "changed since?" (conditional requests) and to carry an unchanged page
-- over without fetching its links again: the validators and the page's in-scope links.
ALTER TABLE documents ADD COLUMN etag text;
ALTER TABLE documents ADD COLUMN last_modified text;
ALTER TABLE documents ADD COLUMN links text[];
