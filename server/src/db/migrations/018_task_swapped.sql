-- When a crawl task's new content went live (its swap transaction). The owner's Stop refuses a task
-- that has swapped: it is finishing, and "stopped, the previous content stays live" would be untrue.
ALTER TABLE tasks ADD COLUMN swapped_at timestamptz;
