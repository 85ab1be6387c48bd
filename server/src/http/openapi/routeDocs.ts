/**
 * What the OpenAPI document says about each /api/v1 route in words: a summary, a tag and who may
 * call it. Everything else (parameters, request and response bodies, content types, the success
 * status) comes from the zod schemas the route itself declares (openapi/document.ts). A registered
 * route missing here, or declaring no response schema, still appears, marked undocumented, and a
 * test fails on it.
 */
export type Access = 'public' | 'visitor' | 'owner';

export interface RouteDoc {
  summary: string;
  tag: string;
  access: Access;
}

/** Keyed by `METHOD /path` as Fastify registers it (`:param` segments). */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/v1/health': {
    summary: 'Health of the server, its database and (embedded mode) its data dir; 503 when degraded.',
    tag: 'Operations',
    access: 'public',
  },
  'GET /api/v1/client-config': {
    summary: 'Runtime configuration for the front ends (auth mode, public URL). No secrets.',
    tag: 'Operations',
    access: 'public',
  },
  'GET /api/v1/openapi.json': { summary: 'This document.', tag: 'Operations', access: 'public' },
  'GET /api/v1/reference': {
    summary: 'This document as a readable HTML page.',
    tag: 'Operations',
    access: 'public',
  },

  'GET /api/v1/chatbots': { summary: "The signed-in owner's chatbots.", tag: 'Chatbots', access: 'owner' },
  'GET /api/v1/chatbots/:id': { summary: 'One of the owner’s chatbots.', tag: 'Chatbots', access: 'owner' },
  'PATCH /api/v1/chatbots/:id': {
    summary:
      'Rename a chatbot, change its description, switch retrieval on or off, or set what visitors see (greeting, up to 4 starter questions) and the sites allowed to embed it (allowed_origins; empty = any).',
    tag: 'Chatbots',
    access: 'owner',
  },
  'PATCH /api/v1/chatbots/:id/prompts': {
    summary: 'Set the system prompt and response format.',
    tag: 'Chatbots',
    access: 'owner',
  },
  'DELETE /api/v1/chatbots/:id': {
    summary: 'Delete a chatbot with its content, conversations and tasks.',
    tag: 'Chatbots',
    access: 'owner',
  },

  'POST /api/v1/indexing/collect-urls': {
    summary: "Collect a site's URLs (no indexing) so the owner can pick pages.",
    tag: 'Indexing',
    access: 'owner',
  },
  'POST /api/v1/crawl-and-index': {
    summary: 'Create a chatbot and queue a crawl of the site into it.',
    tag: 'Indexing',
    access: 'owner',
  },
  'POST /api/v1/indexing/index-urls': {
    summary: 'Create a chatbot and queue indexing of the listed URLs.',
    tag: 'Indexing',
    access: 'owner',
  },
  'POST /api/v1/indexing/crawl': {
    summary: 'Re-crawl an existing chatbot; its content is swapped when the crawl completes.',
    tag: 'Indexing',
    access: 'owner',
  },
  'GET /api/v1/crawl-and-index/tasks/:chatbotId': {
    summary: "A chatbot's indexing tasks and their progress.",
    tag: 'Indexing',
    access: 'owner',
  },
  'POST /api/v1/crawl-and-index/tasks/:chatbotId/:taskId/stop': {
    summary: 'Stop a running task; its staged content is discarded and the previous content stays live.',
    tag: 'Indexing',
    access: 'owner',
  },
  'POST /api/v1/chatbots/:id/sources': {
    summary: 'Add one page to the chatbot, or index it again; the other pages stay as they are.',
    tag: 'Indexing',
    access: 'owner',
  },
  'DELETE /api/v1/chatbots/:id/sources': {
    summary: 'Remove one page from the chatbot at once.',
    tag: 'Indexing',
    access: 'owner',
  },

  'GET /api/v1/chatbots/:id/insights/conversations': {
    summary: "The bot's visitor conversations, newest first, paged, searchable by text (q).",
    tag: 'Insights',
    access: 'owner',
  },
  'GET /api/v1/chatbots/:id/insights/conversations/export': {
    summary:
      'Every visitor conversation with its messages, as JSON (the envelope) or CSV (format=csv, one row per message), as a download.',
    tag: 'Insights',
    access: 'owner',
  },
  'GET /api/v1/chatbots/:id/insights/conversations/:conversationId': {
    summary: 'One visitor conversation, read-only: messages with sources, outcome and feedback.',
    tag: 'Insights',
    access: 'owner',
  },
  'GET /api/v1/chatbots/:id/insights/unanswered': {
    summary:
      'Questions the bot refused or was not sure about (or answered wrong, by the owner), rephrasings grouped, in one review status (open, done, dismissed): count, last asked, what the bot replied, and the conversations by title and time.',
    tag: 'Insights',
    access: 'owner',
  },
  'POST /api/v1/chatbots/:id/insights/unanswered/review': {
    summary: "An unanswered entry's replies marked done, dismissed, or open again (kept per reply).",
    tag: 'Insights',
    access: 'owner',
  },
  'PUT /api/v1/chatbots/:id/insights/replies/:messageId/verdict': {
    summary: 'The owner marks a reply wrong (it then counts as unanswered and leaves the answer rate), or takes that back.',
    tag: 'Insights',
    access: 'owner',
  },
  'GET /api/v1/chatbots/:id/insights/summary': {
    summary: 'The last 30 days at a glance: conversations and messages per day, answer rate, feedback rate.',
    tag: 'Insights',
    access: 'owner',
  },

  'POST /api/v1/chatbots/:id/query': {
    summary: "Ask the chatbot's index directly (owner testing): retrieved passages and the answer.",
    tag: 'Answers',
    access: 'owner',
  },

  'GET /api/v1/chatbots/:id/public': {
    summary:
      "What a visitor may see of a chatbot (name, description, greeting), the language its chat speaks and, unless English, the chat's texts in it.",
    tag: 'Visitors',
    access: 'public',
  },
  'GET /api/v1/chatbots/:id/conversations': {
    summary: "The visitor's conversations with this chatbot.",
    tag: 'Visitors',
    access: 'visitor',
  },
  'GET /api/v1/chatbots/:id/bootstrap': {
    summary:
      "What a chat panel needs to open, in one response: the bot's public info, the visitor's conversations and the messages of the newest (create=true: a visitor without one gets a new 'New Chat').",
    tag: 'Visitors',
    access: 'visitor',
  },
  'POST /api/v1/chatbots/:id/conversations': {
    summary: 'Start a conversation.',
    tag: 'Visitors',
    access: 'visitor',
  },
  'GET /api/v1/chatbots/:id/conversations/:conversationId/messages': {
    summary: "A conversation's messages, oldest first, after a message index.",
    tag: 'Visitors',
    access: 'visitor',
  },
  'POST /api/v1/chatbots/:id/conversations/:conversationId/messages': {
    summary: 'Send a question; the answer cites the pages it comes from. Streams with Accept: text/event-stream.',
    tag: 'Visitors',
    access: 'visitor',
  },
  'PUT /api/v1/chatbots/:id/conversations/:conversationId/messages/:messageId/feedback': {
    summary: "The visitor's thumbs up (1) or down (-1) on one answer; null clears it. Other visitors' messages and questions are 404.",
    tag: 'Visitors',
    access: 'visitor',
  },
};
