import { z } from 'zod';
import { INVALID_TEXT_MESSAGE, isValidText } from '../../../text/validText.js';
import { REQUESTS, uuidSchema } from '../schemas.js';
import { textQuerySchemas } from '../../../../../shared/src/contract/querySchemas.js';

/** The owner's queries (shared/src/contract/querySchemas.ts). */
export { insightExportQuerySchema, unansweredQuerySchema } from '../../../../../shared/src/contract/querySchemas.js';

export const insightConversationParamsSchema = z.object({ id: uuidSchema, conversationId: uuidSchema });

export const insightConversationListQuerySchema = textQuerySchemas({
  isValidText,
  invalidTextMessage: INVALID_TEXT_MESSAGE,
}).insightConversationList;

/** POST .../insights/unanswered/review: an entry's replies marked done, dismissed, or opened again. */
export const reviewBodySchema = REQUESTS.review;

export const replyParamsSchema = z.object({ id: uuidSchema, messageId: uuidSchema });

/** PUT .../insights/replies/:messageId/verdict: the owner marks a reply wrong, or takes that back. */
export const verdictBodySchema = REQUESTS.verdict;
