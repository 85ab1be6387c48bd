import { z } from 'zod';
import type { TaskType } from '../../../shared/src/api/types.js';
import { PermanentTaskError } from './registry.js';

/**
 * What each task type carries through the queue (tasks.params, JSON), and the crawl settings every
 * layer falls back to. Enqueuers are typed by task type; handlers parse the stored JSON here, at the
 * boundary, so a row written by an older version (or by hand) fails with a clear reason instead of
 * reaching the crawler half-formed.
 */

/** A crawl's depth and page budget when the owner gave none (routes, the refresh, the handler). */
export const CRAWL_DEFAULTS = { maxDepth: 2, maxPages: 10 } as const;

/** The discovery preview (collect-urls) looks one level deep and lists more candidates. */
export const DISCOVERY_DEFAULTS = { maxDepth: 1, maxPages: 30 } as const;

// A setting that is not a whole number falls back to the default, as it always has: the route
// wrote valid ones, so only a hand-made row lands here.
const setting = z.number().int().optional().catch(undefined);
const strings = (reason: string) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((list) => list.filter((u): u is string => typeof u === 'string'))
    .refine((list) => list.length > 0, reason);

export const taskParamsSchemas = {
  /** A new bot's first crawl from its start URL. */
  crawl_and_index: z.object({ url: z.string().min(1), max_depth: setting, max_pages: setting }),
  /** A new bot made from a chosen list of URLs. */
  index_urls: z.object({ urls: strings('The task has no URLs to index.') }),
  /** A refresh: a new start URL or settings when the owner gave them, else the bot's own. */
  crawl: z.object({
    url: z.string().optional().catch(undefined),
    max_depth: setting,
    max_pages: setting,
    scheduled: z.boolean().optional().catch(undefined),
    all_languages: z.boolean().optional().catch(undefined),
  }),
  /** One page added to a bot's sources. */
  index_page: z.object({ url: z.string().min(1) }),
} satisfies Record<TaskType, z.ZodType>;

/** The params a task of type T is enqueued with. */
export type TaskParamsInput<T extends TaskType> = z.input<(typeof taskParamsSchemas)[T]>;
/** The params a handler of type T receives. */
export type TaskParams<T extends TaskType> = z.output<(typeof taskParamsSchemas)[T]>;

const MISSING: Record<TaskType, string> = {
  crawl_and_index: 'The task has no start URL.',
  index_urls: 'The task has no URLs to index.',
  crawl: 'The task has unreadable settings.',
  index_page: 'The task has no URLs to index.',
};

/** The stored params of a task of type `type`, checked; a task that cannot run as stored fails for good. */
export function parseTaskParams<T extends TaskType>(type: T, raw: unknown): TaskParams<T> {
  const parsed = taskParamsSchemas[type].safeParse(raw ?? {});
  if (!parsed.success) throw new PermanentTaskError(MISSING[type]);
  return parsed.data as TaskParams<T>;
}
