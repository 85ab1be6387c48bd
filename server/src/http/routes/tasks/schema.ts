import { z } from 'zod';
import { uuidSchema } from '../schemas.js';

export const taskListQuerySchema = z
  .object({
    task_type: z.enum(['crawl_and_index', 'index_urls', 'crawl', 'index_page', 'all']).default('crawl_and_index'),
    status: z.enum(['queued', 'pending', 'running', 'completed', 'failed']).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .strict();

export const taskListParamsSchema = z.object({ chatbotId: uuidSchema });

/** The task the owner's Stop button ends. */
export const taskStopParamsSchema = z.object({ chatbotId: uuidSchema, taskId: uuidSchema });
