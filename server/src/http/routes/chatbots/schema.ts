import { z } from 'zod';
import { storedText, urlPatternsSchema } from '../schemas.js';

const text = (field: string, max: number) => storedText(field).max(max, `must be at most ${max} characters`);

export const chatbotPatchSchema = z
  .object({
    name: text('name', 200).optional(),
    description: text('description', 2000).optional(),
    rag_enabled: z.boolean().optional(),
    include_patterns: urlPatternsSchema('include_patterns').optional(),
    exclude_patterns: urlPatternsSchema('exclude_patterns').optional(),
    recrawl_schedule: z.enum(['off', 'daily', 'weekly'], { error: "recrawl_schedule must be 'off', 'daily' or 'weekly'" }).optional(),
  })
  .strict();

export const promptsPatchSchema = z
  .object({
    system_prompt: text('system_prompt', 20_000).optional(),
    response_format: text('response_format', 20_000).optional(),
  })
  .strict();
