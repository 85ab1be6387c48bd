-- The public message listing (a visitor's widget re-reads its thread on every open and after every
-- answer) as SQL functions. PL/pgSQL keeps a statement's plan for the session, so a listing no longer
-- parses and plans its query every time: on PGlite, planning was about 40% of the listing's cost
-- (0.9 → 0.55 ms of the database thread per uncached read of a 10-message conversation). The
-- messages come back as JSON text, not json: PGlite would parse it into objects on its thread, and
-- handing those to the server's thread (structured clone) cost more than parsing the text there.
-- Same statements as before, in server/src/db/repositories/messages.ts's words: the conversation (only if
-- it is this visitor's) and its first 400 messages as one JSON array; and, for a cached copy on
-- PostgreSQL, whether it is still current, with its ratings. (migrate.ts splits statements at a
-- semicolon that ends a line: inside a body, none does.)
CREATE FUNCTION visitor_messages(p_conversation uuid, p_chatbot uuid, p_visitor text)
RETURNS TABLE (message_count integer, messages text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT c.message_count,
         (SELECT coalesce(json_agg(json_build_object('id', m.id, 'role', m.role, 'content', m.content, 'sources', m.sources,
                                                     'created_at', m.created_at, 'index', m."index", 'feedback', f.rating)
                                   ORDER BY m."index"), '[]'::json)::text
            FROM (SELECT * FROM messages WHERE conversation_id = c.id ORDER BY "index" LIMIT 400) m
            LEFT JOIN message_feedback f ON f.message_id = m.id)
    FROM conversations c
   WHERE c.id = p_conversation AND c.chatbot_id = p_chatbot AND c.visitor_id = p_visitor; END $$;

CREATE FUNCTION visitor_messages_check(p_conversation uuid, p_chatbot uuid, p_visitor text)
RETURNS TABLE (message_count integer, feedback json)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT c.message_count,
         (SELECT coalesce(json_object_agg(f.message_id, f.rating), '{}'::json)
            FROM message_feedback f JOIN messages m ON m.id = f.message_id WHERE m.conversation_id = c.id)
    FROM conversations c
   WHERE c.id = p_conversation AND c.chatbot_id = p_chatbot AND c.visitor_id = p_visitor; END $$;
