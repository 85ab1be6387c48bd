/**
 * The REST contract of /api/v1, shared by the server (types only), the dashboard and the widget.
 * Every response is an envelope: {success: true, data} or {success: false, detail}.
 */
import type { ChatTexts, PageTexts } from '../messages/types';
import type { RecrawlSchedule } from '../contract/requests';
import type { TaskProgress, TaskStatus, TaskType } from '../contract/tasks';

export type Envelope<T> = { success: true; data: T } | { success: false; detail: string | ValidationDetail[] };
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type { RecrawlSchedule, TaskProgress, TaskStatus, TaskType };

export interface Task {
  id: string;
  chatbot_id: string;
  task_type: TaskType;
  status: TaskStatus;
  progress: TaskProgress;
  error: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The crawl stopped at its page or depth limit, with this many further distinct links found and not crawled; null when it did not. */
  limit_reached: { kind: 'pages' | 'depth'; links_left: number } | null;
}

export interface Chatbot {
  id: string;
  name: string;
  description: string;
  system_prompt: string;
  response_format: string;
  rag_enabled: boolean;
  start_url: string | null;
  max_depth: number | null;
  max_pages: number | null;
  /** URL globs a crawl takes (none: every page in scope) and leaves out; exclude wins. */
  include_patterns: string[];
  exclude_patterns: string[];
  /** Crawls follow every language, not only the start page's (hreflang alternates, language folders). */
  all_languages: boolean;
  /** Every page is rendered in a browser, not only those the server sends as an empty app shell. */
  render_javascript: boolean;
  /**
   * The site's language as a BCP-47 primary subtag ('de', 'en'): detected at crawl time (most pages
   * win), or the owner's choice when `language_chosen`; null before a crawl has said.
   */
  language: string | null;
  language_chosen: boolean;
  /** Automatic re-crawl, and when the next one is due (null when off). */
  recrawl_schedule: RecrawlSchedule;
  next_recrawl_at: string | null;
  /** Shown in the widget and /chat while a conversation is empty; clicking a starter question sends it. */
  greeting: string;
  starter_questions: string[];
  /** The sites (origins) allowed to embed the bot; empty = any. */
  allowed_origins: string[];
  created_at: string;
  updated_at: string;
  /** Number of indexed (live) documents. */
  document_count: number;
  /** Present on GET /chatbots/{id}: the bot's source addresses. */
  urls?: { url: string; status?: string; error?: string | null; title?: string | null }[];
  /** The newest task of this bot, or null when it has none. */
  latest_task: Task | null;
}

/** GET /chatbots/{id}/public: what a visitor may see. */
export interface PublicChatbot {
  id: string;
  name: string;
  description: string;
  greeting: string;
  starter_questions: string[];
  /** The language the widget and /chat speak for this bot (a catalogue code: 'en', 'de', …). */
  language?: string;
  /** Their texts in that language; absent for English, which the clients carry themselves. */
  texts?: ChatTexts & PageTexts;
}

export interface Conversation {
  id: string;
  chatbot_id: string;
  title: string;
  created_at: string;
  last_message_at: string | null;
  message_count: number;
}

export interface Source {
  url: string;
  title: string;
  snippet: string;
  score?: number;
}

export interface Message {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: Source[];
  created_at: string;
  /** 1-based, gap-free order within the conversation. */
  index: number;
  /** The visitor's thumbs up (1) or down (-1) on an assistant message; null when unrated. */
  feedback?: 1 | -1 | null;
}

/**
 * GET /chatbots/{id}/bootstrap: what a chat panel needs to open, in one response. conversation_id is
 * the one the visitor lands in (the newest; with create=true a new 'New Chat' when they had none),
 * messages its first 200 (all of them when its message_count is at most 200), oldest first.
 */
export interface ChatBootstrap {
  chatbot: PublicChatbot;
  conversations: Conversation[];
  conversation_id: string | null;
  messages: Message[];
}

/** GET /api/v1/client-config: runtime configuration for the front ends (no secrets). */
export interface ClientConfig {
  authMode: 'emulator' | 'firebase';
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** Set in emulator mode: the auth emulator's URL, e.g. http://127.0.0.1:9099. */
  authEmulatorUrl?: string;
  publicUrl: string;
  /** The server's crawl caps (CRAWL_MAX_PAGES, CRAWL_MAX_DEPTH): how far 'Crawl more' may go. */
  crawlLimits?: { maxPages: number; maxDepth: number };
}

/**
 * Server-sent events of POST .../messages with `Accept: text/event-stream`:
 *   event: token    data: {"delta": "text"}
 *   event: sources  data: {"sources": Source[]}
 *   event: done     data: {"user_message": Message, "assistant_message": Message}
 *   event: error    data: {"detail": "message", "user_message"?: Message, "assistant_message"?: Message}
 */
export type StreamEvent =
  | { event: 'token'; data: { delta: string } }
  | { event: 'sources'; data: { sources: Source[] } }
  | { event: 'done'; data: { user_message: Message; assistant_message: Message } }
  // When the question (and an apology or partial answer) were stored, they come with the error.
  | { event: 'error'; data: { detail: string; user_message?: Message; assistant_message?: Message } };
