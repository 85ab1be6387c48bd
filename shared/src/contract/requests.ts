/**
 * The request bodies the clients send: the input types of the zod schemas the server's routes
 * validate them with (requestSchemas.ts), so there is one source and nothing to keep in step.
 * The dashboard and the widget build their calls from these types. Types only: nothing here runs.
 */
import type { z } from 'zod';
import type { RequestSchemas } from './requestSchemas';
import type { RecrawlSchedule } from './chatbotSchemas';

export type { RecrawlSchedule };

type Body<K extends keyof RequestSchemas> = z.input<RequestSchemas[K]>;

/** POST /indexing/collect-urls */
export type CollectRequest = Body<'collect'>;
/** POST /crawl-and-index */
export type CrawlRequest = Body<'crawlAndIndex'>;
/** POST /indexing/index-urls */
export type IndexRequest = Body<'indexUrls'>;
/** POST /indexing/crawl (a refresh) */
export type RecrawlRequest = Body<'recrawl'>;
/** URL globs (which pages a crawl takes and leaves out) and the crawl's language and rendering choices. */
export type PatternFields = Pick<CollectRequest, 'include_patterns' | 'exclude_patterns' | 'all_languages' | 'render_javascript'>;
/** PATCH /chatbots/{id} */
export type ChatbotPatch = Body<'chatbotPatch'>;
/** PATCH /chatbots/{id}/prompts */
export type PromptsPatch = Body<'promptsPatch'>;
/** POST /chatbots/{id}/conversations */
export type CreateConversationRequest = Body<'createConversation'>;
/** POST /chatbots/{id}/conversations/{conversationId}/messages */
export type SendMessageRequest = Body<'sendMessage'>;
/** PUT …/messages/{messageId}/feedback: thumbs up (1), down (-1) or cleared (null). */
export type FeedbackRequest = Body<'feedback'>;
/** POST /chatbots/{id}/query */
export type QueryRequest = Body<'query'>;
/** POST /chatbots/{id}/insights/unanswered/review */
export type ReviewRequest = Body<'review'>;
/** PUT /chatbots/{id}/insights/replies/{messageId}/verdict */
export type VerdictRequest = Body<'verdict'>;
