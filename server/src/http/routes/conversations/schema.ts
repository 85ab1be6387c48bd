import { z } from 'zod';
import { storedText, uuidSchema, visitorIdSchema } from '../schemas.js';
import type { CreateConversationRequest } from '../../../../../shared/src/contract/requests.js';
import { agrees, type Drift } from '../contractCheck.js';

export const visitorQuerySchema = z.object({ visitor_id: visitorIdSchema }).strict();

export const createConversationSchema = z
  .object({
    title: storedText('title').trim().max(200, 'title must be at most 200 characters').optional(),
    visitor_id: visitorIdSchema,
  })
  .strict();

export const conversationParamsSchema = z.object({ id: uuidSchema, conversationId: uuidSchema });

export const messageListQuerySchema = z
  .object({
    visitor_id: visitorIdSchema,
    /** Return messages whose index is greater than this. */
    after: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

// The clients send these bodies (shared/src/contract/requests.ts): the typecheck fails on drift.
agrees<Drift<typeof createConversationSchema, CreateConversationRequest>>();
