-- Crawler bookkeeping. sources.task_id: the task that last recorded the URL, so a completed
-- re-crawl can drop the sources it no longer met; depth: link distance from the start URL.
ALTER TABLE sources ADD COLUMN task_id uuid;
ALTER TABLE sources ADD COLUMN depth integer;
CREATE INDEX sources_task_idx ON sources (task_id);
CREATE INDEX documents_chatbot_url_idx ON documents (chatbot_id, url);
