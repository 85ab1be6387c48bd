import { z } from 'zod';
import { storedText, visitorIdSchema } from '../schemas.js';
import type { QueryRequest, SendMessageRequest } from '../../../../../shared/src/contract/requests.js';
import { agrees, type Drift } from '../contractCheck.js';

/** Longest question a visitor may send; longer ones are refused rather than cut (422). */
export const MAX_QUESTION_CHARS = 4000;

export const sendMessageSchema = z
  .object({
    content: storedText('content', 'content is required')
      .trim()
      .min(1, 'content must not be empty')
      .max(MAX_QUESTION_CHARS, `content must be at most ${MAX_QUESTION_CHARS} characters`),
    visitor_id: visitorIdSchema,
  })
  .strict();

export const querySchema = z
  .object({
    question: storedText('question', 'question is required')
      .trim()
      .min(1, 'question must not be empty')
      .max(MAX_QUESTION_CHARS, `question must be at most ${MAX_QUESTION_CHARS} characters`),
    top_k: z.number().int().min(1).max(20).optional(),
  })
  .strict();

// The clients send these bodies (shared/src/contract/requests.ts): the typecheck fails on drift.
agrees<Drift<typeof sendMessageSchema, SendMessageRequest>>();
agrees<Drift<typeof querySchema, QueryRequest>>();
