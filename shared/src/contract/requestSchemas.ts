import { z } from 'zod';
import { VISITOR_ID_PATTERN } from './visitor';

/**
 * The request bodies the clients send, as zod schemas written once: the server's routes validate
 * with them (and the OpenAPI document shows them), the clients' request types are their input types
 * (requests.ts). The checks only the server can make (its URL normaliser, its pattern compiler, ICU's
 * languages) are handed in by it, so the schemas here stay free of server code; the messages are
 * the ones the 422 answers with.
 */
export interface ServerChecks {
  /** Stored free text: refused if it holds NUL or an unpaired surrogate (the message's end). */
  isValidText: (s: string) => boolean;
  invalidTextMessage: string;
  /** An owner's URL glob: why it cannot be used, if it cannot; the list as it is kept. */
  patternProblem: (pattern: string) => string | undefined;
  cleanPatterns: (list: string[]) => string[];
  maxPatterns: number;
  /** A site allowed to embed the bot, as the origin a browser sends. */
  normaliseOrigin: (entry: string) => { origin: string } | { problem: string };
  maxAllowedOrigins: number;
  /** A BCP-47 tag ICU knows, as its primary subtag. */
  knownLanguage: (tag: string) => string | undefined;
  /** An http(s) URL the crawler can take as it is. */
  isHttpUrl: (url: string) => boolean;
}

/** Longest question a visitor may send; longer ones are refused rather than cut (422). */
export const MAX_QUESTION_CHARS = 4000;
export const MAX_GREETING_CHARS = 500;
export const MAX_STARTERS = 4;
export const MAX_STARTER_CHARS = 150;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidSchema = z.string().regex(UUID, 'Invalid id');
export const visitorIdSchema = z
  .string({ error: 'visitor_id is required' })
  .regex(VISITOR_ID_PATTERN, "visitor_id must be 'visitor-' followed by at least 22 random URL-safe characters");

/** Free text that will be stored: refused (422) if it holds NUL or an unpaired surrogate. */
export const storedTextOf = (c: Pick<ServerChecks, 'isValidText' | 'invalidTextMessage'>) => (field: string, required?: string) =>
  z.string(required === undefined ? undefined : { error: required }).refine(c.isValidText, `${field} ${c.invalidTextMessage}`);

/** An owner's include or exclude URL globs: each checked with a reason the owner can act on. */
const urlPatternsOf = (c: ServerChecks) => (field: string) =>
  z
    .array(
      z
        .string({ error: `${field} must be a list of text patterns` })
        .trim()
        .superRefine((p, ctx) => {
          const problem = c.patternProblem(p);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      { error: `${field} must be a list of text patterns` },
    )
    .max(c.maxPatterns, `${field}: at most ${c.maxPatterns} patterns`)
    .transform((list) => c.cleanPatterns(list));

type StoredText = ReturnType<typeof storedTextOf>;
type UrlPatterns = ReturnType<typeof urlPatternsOf>;

/** Every request body, built with the server's checks (and the two field builders the server's queries use too). */
export function requestSchemas(c: ServerChecks) {
  const storedText = storedTextOf(c);
  const urlPatterns = urlPatternsOf(c);
  return {
    storedText,
    urlPatterns,
    ...crawlBodies(c, storedText, urlPatterns),
    ...botBodies(c, storedText, urlPatterns),
    ...chatBodies(storedText),
  };
}

/** user:password@ in a URL: the crawler never sends credentials, so such a URL is refused up front. */
function hasCredentials(value: string): boolean {
  try {
    const u = new URL(value);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

/** The crawl and indexing requests (and one source added or removed on the detail page). */
function crawlBodies(c: ServerChecks, storedText: StoredText, urlPatterns: UrlPatterns) {
  const CREDENTIALS = { message: 'URLs with a user name or password are not supported.', abort: true };
  const httpUrl = (s: z.ZodString) => s.refine((v) => !hasCredentials(v), CREDENTIALS).refine(c.isHttpUrl, 'Invalid URL format.');
  const url = httpUrl(z.string({ error: 'url is required' }).trim().min(1, 'url is required'));
  // Numbers, or numeric strings from form fields; server caps are applied by the routes (clamped).
  const count = (name: string, min: number) =>
    z.coerce
      .number<number>({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`);
  const name = storedText('name').trim().max(200, 'name must be at most 200 characters').optional();
  const description = storedText('description').max(2000, 'description must be at most 2000 characters').optional();
  const allLanguages = z.boolean({ error: 'all_languages must be true or false' }).optional();
  const renderJavascript = z.boolean({ error: 'render_javascript must be true or false' }).optional();
  const patterns = {
    include_patterns: urlPatterns('include_patterns').optional(),
    exclude_patterns: urlPatterns('exclude_patterns').optional(),
    all_languages: allLanguages,
    render_javascript: renderJavascript,
  };
  const urlList = z.array(httpUrl(z.string().trim())).max(10_000, 'too many URLs');
  return {
    sourceUrl: z.object({ url }).strict(),
    collect: z
      .object({ url, max_depth: count('max_depth', 0).optional(), max_pages: count('max_pages', 1).optional(), ...patterns })
      .strict(),
    crawlAndIndex: z
      .object({
        url,
        max_depth: count('max_depth', 0).optional(),
        max_pages: count('max_pages', 1).optional(),
        name,
        description,
        ...patterns,
      })
      .strict(),
    indexUrls: z
      .object({ urls_to_index: urlList.optional(), urls: urlList.optional(), name, description, render_javascript: renderJavascript })
      .strict()
      .refine((b) => (b.urls_to_index?.length ?? 0) + (b.urls?.length ?? 0) > 0, {
        message: 'Please select or add at least one URL to crawl.',
        path: ['urls_to_index'],
      }),
    recrawl: z
      .object({
        chatbot_id: z.string({ error: 'chatbot_id is required' }),
        url: url.optional(),
        max_depth: count('max_depth', 0).optional(),
        max_pages: count('max_pages', 1).optional(),
        all_languages: allLanguages,
      })
      .strict(),
  };
}

/** The owner's settings of a bot. */
function botBodies(c: ServerChecks, storedText: StoredText, urlPatterns: UrlPatterns) {
  const text = (field: string, max: number) => storedText(field).max(max, `must be at most ${max} characters`);
  /** Up to 4 questions a visitor can start with: none blank, none too long; repeats kept once. */
  const starters = z
    .array(
      storedText('starter_questions', 'starter_questions must be a list of questions')
        .trim()
        .min(1, 'a starter question must not be blank')
        .max(MAX_STARTER_CHARS, `a starter question must be at most ${MAX_STARTER_CHARS} characters`),
      { error: 'starter_questions must be a list of questions' },
    )
    .max(MAX_STARTERS, `at most ${MAX_STARTERS} starter questions`)
    .transform((list) => [...new Set(list)]);
  /** The sites allowed to embed the bot, each normalised to the origin a browser sends; repeats kept once. */
  const allowedOrigins = z
    .array(
      z.string({ error: 'allowed_origins must be a list of site addresses' }).transform((entry, ctx) => {
        const result = c.normaliseOrigin(entry);
        if ('problem' in result) {
          ctx.addIssue({ code: 'custom', message: result.problem });
          return z.NEVER;
        }
        return result.origin;
      }),
      { error: 'allowed_origins must be a list of site addresses' },
    )
    .max(c.maxAllowedOrigins, `allowed_origins: at most ${c.maxAllowedOrigins} sites`)
    .transform((list) => [...new Set(list)]);
  /** A site language as a BCP-47 tag ICU knows ('de', 'pt-BR'), kept as its primary subtag. */
  const language = z.string({ error: 'language must be a language code such as "de", or null' }).transform((tag, ctx) => {
    const code = c.knownLanguage(tag);
    if (code) return code;
    ctx.addIssue({ code: 'custom', message: 'language must be a language code such as "de", or null' });
    return z.NEVER;
  });
  return {
    chatbotPatch: z
      .object({
        name: text('name', 200).optional(),
        description: text('description', 2000).optional(),
        rag_enabled: z.boolean().optional(),
        include_patterns: urlPatterns('include_patterns').optional(),
        exclude_patterns: urlPatterns('exclude_patterns').optional(),
        all_languages: z.boolean({ error: 'all_languages must be true or false' }).optional(),
        render_javascript: z.boolean({ error: 'render_javascript must be true or false' }).optional(),
        recrawl_schedule: z.enum(['off', 'daily', 'weekly'], { error: "recrawl_schedule must be 'off', 'daily' or 'weekly'" }).optional(),
        greeting: storedText('greeting', 'greeting must be text')
          .trim()
          .max(MAX_GREETING_CHARS, `greeting must be at most ${MAX_GREETING_CHARS} characters`)
          .optional(),
        starter_questions: starters.optional(),
        allowed_origins: allowedOrigins.optional(),
        language: language.nullable().optional(),
      })
      .strict(),
    promptsPatch: z
      .object({ system_prompt: text('system_prompt', 20_000).optional(), response_format: text('response_format', 20_000).optional() })
      .strict(),
  };
}

const reviewStatus = z.enum(['open', 'done', 'dismissed'], { error: "status must be 'open', 'done' or 'dismissed'" });

/** A visitor's conversation, question and thumbs; the owner's test question and review of the answers. */
function chatBodies(storedText: StoredText) {
  return {
    createConversation: z
      .object({
        title: storedText('title').trim().max(200, 'title must be at most 200 characters').optional(),
        visitor_id: visitorIdSchema,
      })
      .strict(),
    sendMessage: z
      .object({
        content: storedText('content', 'content is required')
          .trim()
          .min(1, 'content must not be empty')
          .max(MAX_QUESTION_CHARS, `content must be at most ${MAX_QUESTION_CHARS} characters`),
        visitor_id: visitorIdSchema,
      })
      .strict(),
    feedback: z
      .object({
        rating: z.union([z.literal(1), z.literal(-1), z.null()], {
          error: 'rating must be 1 (thumbs up), -1 (thumbs down) or null (clear)',
        }),
        visitor_id: visitorIdSchema,
      })
      .strict(),
    query: z
      .object({
        question: storedText('question', 'question is required')
          .trim()
          .min(1, 'question must not be empty')
          .max(MAX_QUESTION_CHARS, `question must be at most ${MAX_QUESTION_CHARS} characters`),
        top_k: z.number().int().min(1).max(20).optional(),
      })
      .strict(),
    /** POST .../insights/unanswered/review: an entry's replies marked done, dismissed, or opened again. */
    review: z
      .object({
        reply_ids: z
          .array(uuidSchema, { error: 'reply_ids must be a list of reply ids' })
          .min(1, 'reply_ids must name at least one reply')
          .max(2000, 'reply_ids must name at most 2000 replies'),
        status: reviewStatus,
      })
      .strict(),
    /** PUT .../insights/replies/:messageId/verdict: the owner marks a reply wrong, or takes that back. */
    verdict: z.object({ wrong: z.boolean({ error: 'wrong must be true or false' }) }).strict(),
  };
}

/** The request schemas as built (their types do not depend on the checks handed in). */
export type RequestSchemas = ReturnType<typeof requestSchemas>;
