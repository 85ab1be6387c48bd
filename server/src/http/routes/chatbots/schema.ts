import { z } from 'zod';
import { MAX_ALLOWED_ORIGINS, normaliseOrigin } from '../../originPolicy.js';
import { storedText, urlPatternsSchema } from '../schemas.js';
import type { ChatbotPatch, PromptsPatch } from '../../../../../shared/src/contract/requests.js';
import { agrees, type Drift } from '../contractCheck.js';
import { knownLanguage } from '../../../language/configs.js';

const text = (field: string, max: number) => storedText(field).max(max, `must be at most ${max} characters`);

export const MAX_GREETING_CHARS = 500;
export const MAX_STARTERS = 4;
export const MAX_STARTER_CHARS = 150;

/** Up to 4 questions a visitor can start with: none blank, none too long; repeats kept once. */
const startersSchema = z
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
const allowedOriginsSchema = z
  .array(
    z.string({ error: 'allowed_origins must be a list of site addresses' }).transform((entry, ctx) => {
      const result = normaliseOrigin(entry);
      if ('problem' in result) {
        ctx.addIssue({ code: 'custom', message: result.problem });
        return z.NEVER;
      }
      return result.origin;
    }),
    { error: 'allowed_origins must be a list of site addresses' },
  )
  .max(MAX_ALLOWED_ORIGINS, `allowed_origins: at most ${MAX_ALLOWED_ORIGINS} sites`)
  .transform((list) => [...new Set(list)]);

/** A site language as a BCP-47 tag ICU knows ('de', 'pt-BR'), kept as its primary subtag. */
const languageSchema = z.string({ error: 'language must be a language code such as "de", or null' }).transform((tag, ctx) => {
  const code = knownLanguage(tag);
  if (code) return code;
  ctx.addIssue({ code: 'custom', message: 'language must be a language code such as "de", or null' });
  return z.NEVER;
});

export const chatbotPatchSchema = z
  .object({
    name: text('name', 200).optional(),
    description: text('description', 2000).optional(),
    rag_enabled: z.boolean().optional(),
    include_patterns: urlPatternsSchema('include_patterns').optional(),
    exclude_patterns: urlPatternsSchema('exclude_patterns').optional(),
    all_languages: z.boolean({ error: 'all_languages must be true or false' }).optional(),
    render_javascript: z.boolean({ error: 'render_javascript must be true or false' }).optional(),
    recrawl_schedule: z.enum(['off', 'daily', 'weekly'], { error: "recrawl_schedule must be 'off', 'daily' or 'weekly'" }).optional(),
    greeting: storedText('greeting', 'greeting must be text')
      .trim()
      .max(MAX_GREETING_CHARS, `greeting must be at most ${MAX_GREETING_CHARS} characters`)
      .optional(),
    starter_questions: startersSchema.optional(),
    allowed_origins: allowedOriginsSchema.optional(),
    language: languageSchema.nullable().optional(),
  })
  .strict();

export const promptsPatchSchema = z
  .object({
    system_prompt: text('system_prompt', 20_000).optional(),
    response_format: text('response_format', 20_000).optional(),
  })
  .strict();

// The clients send these bodies (shared/src/contract/requests.ts): the typecheck fails on drift.
agrees<Drift<typeof chatbotPatchSchema, ChatbotPatch>>();
agrees<Drift<typeof promptsPatchSchema, PromptsPatch>>();
