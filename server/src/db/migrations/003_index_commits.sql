-- A crawl task's commit: written in the same transaction that swaps its generation in (and drops
-- its stale sources). A worker that dies after that commit but before marking the task completed
-- leaves the task to be retried; the retry finds the commit and completes at once instead of
-- deleting the generation that is now live.
CREATE TABLE index_commits (
  task_id       uuid PRIMARY KEY,
  chatbot_id    uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
  documents     integer NOT NULL,
  committed_at  timestamptz NOT NULL DEFAULT now()
);
