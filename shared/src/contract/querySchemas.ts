import { z } from 'zod';
import { storedTextOf, visitorIdSchema, type ServerChecks } from './requestSchemas';
import { taskStatusSchema, taskTypeSchema } from './taskSchemas';

/**
 * The query strings the clients send, as zod schemas written once (as requestSchemas.ts is for
 * bodies): the routes validate with them, the clients' query types are their input types. Numbers
 * arrive as text and are coerced; a missing one takes its default.
 */
const whole = () => z.coerce.number<number>().int();

/** GET /chatbots/{id}/conversations */
export const visitorQuerySchema = z.object({ visitor_id: visitorIdSchema }).strict();

/** GET /chatbots/{id}/conversations/{conversationId}/messages */
export const messageListQuerySchema = z
  .object({
    visitor_id: visitorIdSchema,
    /** Return messages whose index is greater than this. */
    after: whole().min(0).default(0),
    limit: whole().min(1).max(200).default(50),
  })
  .strict();

/** GET /chatbots/{id}/bootstrap */
export const bootstrapQuerySchema = z
  .object({
    visitor_id: visitorIdSchema,
    /** true: a visitor without a conversation gets a new 'New Chat' (the widget's first open, spec §4). */
    create: z.enum(['true', 'false'], { error: "create must be 'true' or 'false'" }).default('false'),
  })
  .strict();

/** GET /crawl-and-index/tasks/{chatbotId} */
export const taskListQuerySchema = z
  .object({
    task_type: z.enum([...taskTypeSchema.options, 'all']).default('crawl_and_index'),
    status: taskStatusSchema.optional(),
    limit: whole().min(1).max(100).default(20),
    offset: whole().min(0).max(100_000).default(0),
  })
  .strict();

export const insightExportQuerySchema = z
  .object({ format: z.enum(['csv', 'json'], { error: "format must be 'csv' or 'json'" }).default('json') })
  .strict();

const reviewStatus = z.enum(['open', 'done', 'dismissed'], { error: "status must be 'open', 'done' or 'dismissed'" });

/** GET .../insights/unanswered: the list in one review status (open by default). */
export const unansweredQuerySchema = z.object({ status: reviewStatus.default('open') }).strict();

/** The queries whose text is stored or searched: built with the server's text check. */
export function textQuerySchemas(c: Pick<ServerChecks, 'isValidText' | 'invalidTextMessage'>) {
  const storedText = storedTextOf(c);
  return {
    /** GET .../insights/conversations: q is text the title or a message contains (case-insensitive). */
    insightConversationList: z
      .object({
        q: storedText('q').trim().max(200, 'q must be at most 200 characters').default(''),
        page: whole().min(1).max(100_000).default(1),
        limit: whole().min(1).max(100).default(20),
      })
      .strict(),
  };
}

export type TaskListQuery = z.input<typeof taskListQuerySchema>;
export type MessageListQuery = z.input<typeof messageListQuerySchema>;
export type ConversationListQuery = z.input<ReturnType<typeof textQuerySchemas>['insightConversationList']>;
