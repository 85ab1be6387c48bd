-- Tasks are claimed oldest first, but created_at and run_after tie when tasks are queued within the
-- same clock tick (PGlite's clock ticks in milliseconds), and a tie let the queue pick any of them.
-- seq is the order they were queued in: the last word on ties.
ALTER TABLE tasks ADD COLUMN seq bigserial;
