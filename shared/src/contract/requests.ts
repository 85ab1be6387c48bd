/**
 * The request bodies the clients send, written once. The dashboard and the widget build their
 * calls from these types; the server's zod schemas (server/src/http/routes/<part>/schema.ts) are
 * checked against them when the code compiles (routes/contractCheck.ts), so a field added or
 * renamed on one side and not the other fails the typecheck. Types only: nothing here runs.
 */

import type { RecrawlSchedule } from './chatbotSchemas';

export type { RecrawlSchedule };

/** URL globs (server/src/crawl/urlPatterns.ts): which pages a crawl takes and leaves out. */
export interface PatternFields {
  include_patterns?: string[];
  exclude_patterns?: string[];
  /** Follow pages in every language; by default a crawl stays in its start page's language. */
  all_languages?: boolean;
  /** Render every page in a browser, not only those the server sends as an empty app shell. */
  render_javascript?: boolean;
}

/** POST /indexing/collect-urls */
export interface CollectRequest extends PatternFields {
  url: string;
  max_depth?: number;
  max_pages?: number;
}

/** POST /crawl-and-index */
export interface CrawlRequest extends CollectRequest {
  name?: string;
  description?: string;
}

/** POST /indexing/index-urls */
export interface IndexRequest {
  urls_to_index?: string[];
  urls?: string[];
  name?: string;
  description?: string;
  /** Stored on the new bot (see PatternFields). */
  render_javascript?: boolean;
}

/** POST /indexing/crawl (a refresh) */
export interface RecrawlRequest {
  chatbot_id: string;
  url?: string;
  max_depth?: number;
  max_pages?: number;
  all_languages?: boolean;
}

/** PATCH /chatbots/{id} */
export interface ChatbotPatch extends PatternFields {
  name?: string;
  description?: string;
  rag_enabled?: boolean;
  recrawl_schedule?: RecrawlSchedule;
  greeting?: string;
  starter_questions?: string[];
  allowed_origins?: string[];
  /** The site's language (a BCP-47 tag; its primary subtag is kept); null: detect it from the pages again. */
  language?: string | null;
}

/** PATCH /chatbots/{id}/prompts */
export interface PromptsPatch {
  system_prompt?: string;
  response_format?: string;
}

/** POST /chatbots/{id}/conversations */
export interface CreateConversationRequest {
  title?: string;
  visitor_id: string;
}

/** POST /chatbots/{id}/conversations/{conversationId}/messages */
export interface SendMessageRequest {
  content: string;
  visitor_id: string;
}

/** PUT …/messages/{messageId}/feedback: thumbs up (1), down (-1) or cleared (null). */
export interface FeedbackRequest {
  rating: 1 | -1 | null;
  visitor_id: string;
}

/** POST /chatbots/{id}/query */
export interface QueryRequest {
  question: string;
  top_k?: number;
}
