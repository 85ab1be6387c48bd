-- The owner's review of an assistant reply (issue 39): an unanswered question worked through
-- ('done': the site now answers it; 'dismissed': off-topic, not worth an answer) and a reply the
-- owner marked wrong (it then counts as unanswered, whatever its stored outcome). Kept apart from
-- messages, so the visitors' hot table and its caches are untouched; a row exists only once the
-- owner acts, and goes with its message.
CREATE TABLE reply_reviews (
  message_id  uuid PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  chatbot_id  uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'dismissed')),
  wrong       boolean NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- The answer rate and the unanswered report read a bot's wrong-marked replies.
CREATE INDEX reply_reviews_chatbot_idx ON reply_reviews (chatbot_id) WHERE wrong;
