import { z } from 'zod';
import { REQUESTS, uuidSchema, visitorIdSchema } from '../schemas.js';

export const visitorQuerySchema = z.object({ visitor_id: visitorIdSchema }).strict();

export const createConversationSchema = REQUESTS.createConversation;

export const conversationParamsSchema = z.object({ id: uuidSchema, conversationId: uuidSchema });

export const messageListQuerySchema = z
  .object({
    visitor_id: visitorIdSchema,
    /** Return messages whose index is greater than this. */
    after: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
