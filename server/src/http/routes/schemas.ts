import { z } from 'zod';
import { cleanPatterns, MAX_PATTERNS, patternProblem } from '../../crawl/urlPatterns.js';
import { INVALID_TEXT_MESSAGE, isValidText } from '../../text/validText.js';
import { VISITOR_ID } from '../ids.js';

/** Schemas several route folders share. */
export const uuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid id');
export const visitorIdSchema = z
  .string({ error: 'visitor_id is required' })
  .regex(VISITOR_ID, "visitor_id must be 'visitor-' followed by at least 22 random URL-safe characters");
/** Free text that will be stored: refused (422) if it holds NUL or an unpaired surrogate. */
export const storedText = (field: string, required?: string) =>
  z.string(required === undefined ? undefined : { error: required }).refine(isValidText, `${field} ${INVALID_TEXT_MESSAGE}`);
export const chatbotParamsSchema = z.object({ id: uuidSchema });
/** An owner's include or exclude URL globs: each checked with a reason the owner can act on. */
export const urlPatternsSchema = (field: string) =>
  z
    .array(
      z
        .string({ error: `${field} must be a list of text patterns` })
        .trim()
        .superRefine((p, ctx) => {
          const problem = patternProblem(p);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      { error: `${field} must be a list of text patterns` },
    )
    .max(MAX_PATTERNS, `${field}: at most ${MAX_PATTERNS} patterns`)
    .transform((list) => cleanPatterns(list));

/** The success envelope a route answers with, around its data's schema (shared/src/contract/*Schemas.ts). */
export const okBody = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
