-- The visitor's message listing read each message's rating through a join that the planner, with
-- few ratings in the table, ran as a sequential scan of message_feedback once per message: every
-- listing read the whole table ten times for a ten-message conversation, so its cost grew with the
-- ratings of every bot (on PGlite, 445 → 585 µs per listing with 5% of messages rated, and each scan
-- also asks the file system for the table's size). A lookup by message id per message uses the
-- primary key whatever the table holds. Same result, column for column.
CREATE OR REPLACE FUNCTION visitor_messages(p_conversation uuid, p_chatbot uuid, p_visitor text)
RETURNS TABLE (message_count integer, messages text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT c.message_count,
         (SELECT coalesce(json_agg(json_build_object('id', m.id, 'role', m.role, 'content', m.content, 'sources', m.sources,
                                                     'created_at', m.created_at, 'index', m."index",
                                                     'feedback', (SELECT f.rating FROM message_feedback f WHERE f.message_id = m.id))
                                   ORDER BY m."index"), '[]'::json)::text
            FROM (SELECT * FROM messages WHERE conversation_id = c.id ORDER BY "index" LIMIT 400) m)
    FROM conversations c
   WHERE c.id = p_conversation AND c.chatbot_id = p_chatbot AND c.visitor_id = p_visitor; END $$;
