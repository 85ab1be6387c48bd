import { z } from 'zod';

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

export const chatbotPatchSchema = z
  .object({
    name: text(200).optional(),
    description: text(2000).optional(),
    rag_enabled: z.boolean().optional(),
  })
  .strict();

export const promptsPatchSchema = z
  .object({
    system_prompt: text(20_000).optional(),
    response_format: text(20_000).optional(),
  })
  .strict();
