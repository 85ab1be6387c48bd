import { z } from 'zod';
import { REQUESTS, storedText, uuidSchema } from '../schemas.js';

export const insightConversationParamsSchema = z.object({ id: uuidSchema, conversationId: uuidSchema });

export const insightConversationListQuerySchema = z
  .object({
    /** Text the conversation's title or one of its messages contains (case-insensitive). */
    q: storedText('q').trim().max(200, 'q must be at most 200 characters').default(''),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const insightExportQuerySchema = z
  .object({ format: z.enum(['csv', 'json'], { error: "format must be 'csv' or 'json'" }).default('json') })
  .strict();

const reviewStatus = z.enum(['open', 'done', 'dismissed'], { error: "status must be 'open', 'done' or 'dismissed'" });

/** GET .../insights/unanswered: the list in one review status (open by default). */
export const unansweredQuerySchema = z.object({ status: reviewStatus.default('open') }).strict();

/** POST .../insights/unanswered/review: an entry's replies marked done, dismissed, or opened again. */
export const reviewBodySchema = REQUESTS.review;

export const replyParamsSchema = z.object({ id: uuidSchema, messageId: uuidSchema });

/** PUT .../insights/replies/:messageId/verdict: the owner marks a reply wrong, or takes that back. */
export const verdictBodySchema = REQUESTS.verdict;
