-- Docent schema: owners' chatbots, their sources and indexed content, the job queue, and visitors' chats.

CREATE TABLE chatbots (
  id              uuid PRIMARY KEY,
  owner_uid       text NOT NULL,
  name            text NOT NULL DEFAULT '',
  description     text NOT NULL DEFAULT '',
  system_prompt   text NOT NULL DEFAULT '',
  response_format text NOT NULL DEFAULT '',
  rag_enabled     boolean NOT NULL DEFAULT true,
  start_url       text,
  max_depth       integer,
  max_pages       integer,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chatbots_owner_idx ON chatbots (owner_uid, created_at DESC);

-- One row per URL the owner chose or the crawler met, with what happened to it.
CREATE TABLE sources (
  chatbot_id      uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
  url             text NOT NULL,
  added_manually  boolean NOT NULL DEFAULT false,
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'indexed', 'failed', 'skipped')),
  error           text,
  title           text,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chatbot_id, url)
);

CREATE TABLE tasks (
  id              uuid PRIMARY KEY,
  chatbot_id      uuid REFERENCES chatbots (id) ON DELETE CASCADE,
  task_type       text NOT NULL,
  status          text NOT NULL DEFAULT 'queued'
                  CHECK (status IN ('queued', 'pending', 'running', 'completed', 'failed')),
  params          jsonb NOT NULL DEFAULT '{}'::jsonb,
  progress        jsonb NOT NULL DEFAULT '{"discovered":0,"fetched":0,"indexed":0,"failed":0,"skipped":0}'::jsonb,
  error           text,
  attempts        integer NOT NULL DEFAULT 0,
  max_attempts    integer NOT NULL DEFAULT 3,
  run_after       timestamptz NOT NULL DEFAULT now(),
  lease_until     timestamptz,
  locked_by       text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  started_at      timestamptz,
  finished_at     timestamptz
);
CREATE INDEX tasks_claim_idx ON tasks (run_after) WHERE status IN ('queued', 'pending');
CREATE INDEX tasks_lease_idx ON tasks (lease_until) WHERE status = 'running';
CREATE INDEX tasks_chatbot_idx ON tasks (chatbot_id, created_at DESC);

-- Indexed pages. `live` is false while a (re-)crawl writes a new generation for `task_id`;
-- the task's completion swaps generations in one transaction.
CREATE TABLE documents (
  id              uuid PRIMARY KEY,
  chatbot_id      uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
  task_id         uuid,
  live            boolean NOT NULL DEFAULT true,
  url             text NOT NULL,
  title           text NOT NULL DEFAULT '',
  content         text NOT NULL DEFAULT '',
  content_hash    text NOT NULL,
  fetched_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_chatbot_idx ON documents (chatbot_id, live);
CREATE INDEX documents_task_idx ON documents (task_id);

CREATE TABLE chunks (
  id              bigserial PRIMARY KEY,
  document_id     uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  chatbot_id      uuid NOT NULL,
  live            boolean NOT NULL DEFAULT true,
  ordinal         integer NOT NULL,
  url             text NOT NULL,
  title           text NOT NULL DEFAULT '',
  heading_path    text NOT NULL DEFAULT '',
  content         text NOT NULL,
  tsv             tsvector GENERATED ALWAYS AS (
                    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
                    setweight(to_tsvector('english', coalesce(heading_path, '')), 'B') ||
                    setweight(to_tsvector('english', content), 'C')
                  ) STORED
);
CREATE INDEX chunks_tsv_idx ON chunks USING gin (tsv);
CREATE INDEX chunks_chatbot_idx ON chunks (chatbot_id, live);
CREATE INDEX chunks_document_idx ON chunks (document_id);

CREATE TABLE conversations (
  id              uuid PRIMARY KEY,
  chatbot_id      uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
  visitor_id      text NOT NULL,
  title           text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz,
  message_count   integer NOT NULL DEFAULT 0
);
CREATE INDEX conversations_visitor_idx ON conversations (chatbot_id, visitor_id, created_at DESC);

CREATE TABLE messages (
  id              uuid PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  role            text NOT NULL CHECK (role IN ('user', 'assistant')),
  content         text NOT NULL,
  sources         jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  "index"         integer NOT NULL,
  UNIQUE (conversation_id, "index")
);
