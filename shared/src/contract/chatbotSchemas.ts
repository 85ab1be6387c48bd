import { z } from 'zod';
import { taskSchema } from './taskSchemas';
import { sourceSchema } from './visitorSchemas';

/**
 * What the owner's routes answer (the `data` of the envelope): the zod schemas are the one source.
 * The server declares them as its routes' responses, the OpenAPI document and the reference page
 * show them, and the clients' types are inferred from them (types only: no zod in a bundle).
 */
export const recrawlScheduleSchema = z.enum(['off', 'daily', 'weekly']);

export const sourceAddressSchema = z.object({
  url: z.string(),
  status: z.string().optional(),
  error: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
});

export const chatbotSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  system_prompt: z.string(),
  response_format: z.string(),
  rag_enabled: z.boolean(),
  start_url: z.string().nullable(),
  max_depth: z.number().int().nullable(),
  max_pages: z.number().int().nullable(),
  include_patterns: z.array(z.string()).describe('URL globs a crawl takes (none: every page in scope).'),
  exclude_patterns: z.array(z.string()).describe('URL globs a crawl leaves out; exclude wins.'),
  all_languages: z.boolean().describe("Crawls follow every language, not only the start page's (hreflang alternates, language folders)."),
  render_javascript: z.boolean().describe('Every page is rendered in a browser, not only those the server sends as an empty app shell.'),
  language: z
    .string()
    .nullable()
    .describe(
      "The site's language as a BCP-47 primary subtag ('de', 'en'): detected at crawl time (most pages win), or the owner's choice when language_chosen; null before a crawl has said.",
    ),
  language_chosen: z.boolean(),
  recrawl_schedule: recrawlScheduleSchema.describe('Automatic re-crawl.'),
  next_recrawl_at: z.string().nullable().describe('When the next automatic re-crawl is due (null when off).'),
  greeting: z.string().describe('Shown in the widget and /chat while a conversation is empty.'),
  starter_questions: z.array(z.string()).describe('Clicking one sends it.'),
  allowed_origins: z.array(z.string()).describe('The sites (origins) allowed to embed the bot; empty = any.'),
  created_at: z.string(),
  updated_at: z.string(),
  document_count: z.number().int().describe('Number of indexed (live) documents.'),
  urls: z.array(sourceAddressSchema).optional().describe("Present on GET /chatbots/{id}: the bot's source addresses."),
  latest_task: taskSchema.nullable().describe('The newest task of this bot, or null when it has none.'),
});

export const chatbotListSchema = z.object({ chatbots: z.array(chatbotSchema).describe("The owner's own, newest first.") });
export const chatbotDetailSchema = z.object({ chatbot: chatbotSchema });
export const chatbotDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const collectResultSchema = z.object({ collected_urls: z.array(z.string()), count: z.number().int() });
export const startedTaskSchema = z.object({ chatbot_id: z.string(), task_id: z.string() });
export const taskListSchema = z.array(taskSchema).describe('Newest first; the first is the bot’s latest task.');
export const taskStoppedSchema = z.object({ task_id: z.string(), stopped: z.literal(true) });
export const sourceAddedSchema = z.object({ task_id: z.string(), chatbot_id: z.string(), url: z.string() });
export const sourceRemovedSchema = z.object({ url: z.string(), removed: z.literal(true) });

export const queryResultSchema = z.object({ answer: z.string(), sources: z.array(sourceSchema) });

export type RecrawlSchedule = z.infer<typeof recrawlScheduleSchema>;
export type Chatbot = z.infer<typeof chatbotSchema>;
export type CollectResult = z.infer<typeof collectResultSchema>;
export type StartedTask = z.infer<typeof startedTaskSchema>;
export type QueryResult = z.infer<typeof queryResultSchema>;
export type ChatbotList = z.infer<typeof chatbotListSchema>;
export type ChatbotDetail = z.infer<typeof chatbotDetailSchema>;
export type ChatbotDeleted = z.infer<typeof chatbotDeletedSchema>;
export type TaskStopped = z.infer<typeof taskStoppedSchema>;
export type SourceAdded = z.infer<typeof sourceAddedSchema>;
export type SourceRemoved = z.infer<typeof sourceRemovedSchema>;
