/**
 * The REST contract of /api/v1, shared by the server (types only), the dashboard and the widget.
 * Every response is an envelope: {success: true, data} or {success: false, detail}. The shapes of
 * `data` are inferred from the zod schemas the server's routes declare (shared/src/contract/*Schemas.ts):
 * one source, no hand-written copy. Imported as types only, so no zod reaches a bundle.
 */
import type { ChatTexts, PageTexts } from '../messages/types';
import type { ChatBootstrapData, PublicChatbotData } from '../contract/visitorSchemas';

export type Envelope<T> = { success: true; data: T } | { success: false; detail: string | ValidationDetail[] };
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type { RecrawlSchedule, Chatbot } from '../contract/chatbotSchemas';
export type { Task, TaskProgress, TaskStatus, TaskType } from '../contract/taskSchemas';
export type { Conversation, Message, Source, StreamEvent } from '../contract/visitorSchemas';
export type { ClientConfig } from '../contract/operationSchemas';

/**
 * GET /chatbots/{id}/public: what a visitor may see. `texts` is keyed by the message catalogue (the
 * schema says a map of strings; the catalogue's types say which keys).
 */
export type PublicChatbot = Omit<PublicChatbotData, 'texts'> & { texts?: ChatTexts & PageTexts };

/** GET /chatbots/{id}/bootstrap: what a chat panel needs to open, in one response. */
export type ChatBootstrap = Omit<ChatBootstrapData, 'chatbot'> & { chatbot: PublicChatbot };
