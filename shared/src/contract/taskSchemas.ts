import { z } from 'zod';

/**
 * A task as the API shows it, and its vocabulary (the values the server stores in the tasks table and
 * every client reads back). The zod schemas are the one source: the server declares them as its
 * routes' responses (and the OpenAPI document shows them), the clients take the inferred types.
 */
export const taskStatusSchema = z.enum(['queued', 'pending', 'running', 'completed', 'failed']);
/** index_page: one source added or re-indexed on the detail page (the rest of the content stays). */
export const taskTypeSchema = z.enum(['crawl_and_index', 'index_urls', 'crawl', 'index_page']);

const count = z.number().int().min(0);
export const taskProgressSchema = z.object({
  discovered: count,
  fetched: count,
  indexed: count,
  failed: count,
  skipped: count,
  new: count.optional().describe("A re-crawl's pages compared with the live content (absent on a first crawl)."),
  changed: count.optional(),
  unchanged: count.optional(),
  removed: count.optional(),
});

export const taskSchema = z.object({
  id: z.string(),
  chatbot_id: z.string(),
  task_type: taskTypeSchema,
  status: taskStatusSchema,
  progress: taskProgressSchema,
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  limit_reached: z
    .object({ kind: z.enum(['pages', 'depth']), links_left: z.number().int() })
    .nullable()
    .describe(
      'The crawl stopped at its page or depth limit, with this many further distinct links found and not crawled; null when it did not.',
    ),
});

export type TaskStatus = z.infer<typeof taskStatusSchema>;
export type TaskType = z.infer<typeof taskTypeSchema>;
export type TaskProgress = z.infer<typeof taskProgressSchema>;
export type Task = z.infer<typeof taskSchema>;
