-- Who is answering in a conversation right now, across processes. A turn (store the question,
-- answer, store the answer) holds the conversation's row here; with several API processes on one
-- PostgreSQL, a second send waits for it, so messages never interleave as Q1 Q2 A1 A2. The holder
-- renews expires_at while it works; if its process dies, the row expires and the next turn takes it.
CREATE TABLE conversation_turns (
  conversation_id  uuid PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
  holder           uuid NOT NULL,
  expires_at       timestamptz NOT NULL
);
