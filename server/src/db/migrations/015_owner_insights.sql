-- Owner insights and bot settings (issue 18).
-- greeting and starter_questions: shown in the widget and /chat while a conversation is empty.
-- allowed_origins: the sites allowed to embed the bot (scheme://host[:port]); empty = any origin.
ALTER TABLE chatbots ADD COLUMN greeting text NOT NULL DEFAULT '';
ALTER TABLE chatbots ADD COLUMN starter_questions text[] NOT NULL DEFAULT '{}';
ALTER TABLE chatbots ADD COLUMN allowed_origins text[] NOT NULL DEFAULT '{}';

-- A visitor's thumbs up (1) or down (-1) on an assistant message. A message belongs to one visitor's
-- conversation, so one row per message is one per visitor and message; changing it replaces the row.
CREATE TABLE message_feedback (
  message_id      uuid PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  chatbot_id      uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
  rating          smallint NOT NULL CHECK (rating IN (-1, 1)),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_feedback_chatbot_idx ON message_feedback (chatbot_id, updated_at DESC);

-- The owner's log lists a bot's conversations newest first, and the at-a-glance chart counts them by day.
CREATE INDEX conversations_chatbot_recent_idx ON conversations (chatbot_id, last_message_at DESC NULLS LAST, created_at DESC);
