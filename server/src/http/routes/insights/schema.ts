import { z } from 'zod';
import { storedText, uuidSchema } from '../schemas.js';

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
export const reviewBodySchema = z
  .object({
    reply_ids: z
      .array(uuidSchema, { error: 'reply_ids must be a list of reply ids' })
      .min(1, 'reply_ids must name at least one reply')
      .max(2000, 'reply_ids must name at most 2000 replies'),
    status: reviewStatus,
  })
  .strict();

export const replyParamsSchema = z.object({ id: uuidSchema, messageId: uuidSchema });

/** PUT .../insights/replies/:messageId/verdict: the owner marks a reply wrong, or takes that back. */
export const verdictBodySchema = z.object({ wrong: z.boolean({ error: 'wrong must be true or false' }) }).strict();
