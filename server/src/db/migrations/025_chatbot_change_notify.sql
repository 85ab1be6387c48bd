-- Each server process keeps the bots' public info (name, description, greeting, starter questions,
-- allowed origins) in memory (db/repositories/publicBotCache.ts). On PostgreSQL other processes
-- change bots too, so every change or deletion of a bot row is announced on one channel, whoever
-- wrote it (an owner's PATCH, a crawl naming the bot, a delete); a process forgets its copy on the
-- notice, which PostgreSQL delivers only once the writing transaction commits. On PGlite nobody
-- listens and the notice costs nothing (one process writes; it forgets its copies itself).
-- (migrate.ts splits statements at a semicolon that ends a line: inside the body, none does.)
CREATE FUNCTION notify_chatbot_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('docent_chatbot_changed', OLD.id::text); RETURN NULL; END
$$;

CREATE TRIGGER chatbots_changed AFTER UPDATE OR DELETE ON chatbots
FOR EACH ROW EXECUTE FUNCTION notify_chatbot_changed();
