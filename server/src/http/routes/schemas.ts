import { z } from 'zod';
import { cleanPatterns, MAX_PATTERNS, patternProblem } from '../../crawl/urlPatterns.js';
import { normalizeUrl } from '../../crawl/urls.js';
import { knownLanguage } from '../../language/configs.js';
import { INVALID_TEXT_MESSAGE, isValidText } from '../../text/validText.js';
import { MAX_ALLOWED_ORIGINS, normaliseOrigin } from '../originPolicy.js';
import { requestSchemas, uuidSchema } from '../../../../shared/src/contract/requestSchemas.js';

/**
 * http(s) URLs only, as the dashboard's own check ('Invalid URL format.'), and only those the
 * crawler can take as they are (its normal form fits 2,048 characters once percent-encoded).
 */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && value.length <= 2048 && normalizeUrl(value) !== undefined
    );
  } catch {
    return false;
  }
}

/**
 * The request bodies (shared/src/contract/requestSchemas.ts, the one source the clients' request
 * types are inferred from), built with the checks only the server can make.
 */
export const REQUESTS = requestSchemas({
  isValidText,
  invalidTextMessage: INVALID_TEXT_MESSAGE,
  patternProblem,
  cleanPatterns,
  maxPatterns: MAX_PATTERNS,
  normaliseOrigin,
  maxAllowedOrigins: MAX_ALLOWED_ORIGINS,
  knownLanguage,
  isHttpUrl,
});

/** Schemas several route folders share. */
export { uuidSchema, visitorIdSchema } from '../../../../shared/src/contract/requestSchemas.js';
/** Free text that will be stored: refused (422) if it holds NUL or an unpaired surrogate. */
export const storedText = REQUESTS.storedText;
/** An owner's include or exclude URL globs: each checked with a reason the owner can act on. */
export const urlPatternsSchema = REQUESTS.urlPatterns;
export const chatbotParamsSchema = z.object({ id: uuidSchema });

/** The success envelope a route answers with, around its data's schema (shared/src/contract/*Schemas.ts). */
export const okBody = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
