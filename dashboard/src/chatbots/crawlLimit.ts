import { useEffect, useState } from 'react';
import type { Chatbot, Task } from '../../../shared/src/api/types';
import { loadClientConfig } from '../config/clientConfig';

/**
 * What a finished crawl left out (issue 39): it stopped at its page or depth limit with links still
 * to follow (the task's limit_reached, recorded by the crawler). `limit`, should the server send it,
 * is the limit the crawl ran with; else the bot's own setting is.
 */
export type LimitReached = NonNullable<Task['limit_reached']> & { limit?: number };

/** The server's defaults when a bot has no limit of its own (server/src/jobs/taskParams.ts). */
const DEFAULT_LIMITS = { pages: 10, depth: 2 } as const;

/** The limit a finished task stopped at, if it did (a running or failed task says nothing yet). */
export function limitReachedOf(task: Task | null | undefined): LimitReached | null {
  const reached: LimitReached | null | undefined = task?.limit_reached;
  if (!task || task.status !== 'completed' || !reached || reached.links_left <= 0) return null;
  return reached;
}

/** The server's caps (client-config), or null until known (or on an older server that does not say). */
export function useCrawlLimits(): { maxPages: number; maxDepth: number } | null {
  const [limits, setLimits] = useState<{ maxPages: number; maxDepth: number } | null>(null);
  useEffect(() => {
    let live = true;
    loadClientConfig().then(
      (c) => live && c.crawlLimits && setLimits(c.crawlLimits),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return limits;
}

export interface CrawlMorePlan {
  /** The limit the crawl stopped at. */
  current: number;
  /** What 'Crawl more' asks for: twice the pages (one level deeper), at most the server's cap; null at the cap. */
  next: number | null;
  /** The re-crawl request's limit field. */
  body: { max_pages: number } | { max_depth: number } | null;
}

/** How far 'Crawl more' goes from where the crawl stopped. */
export function crawlMorePlan(reached: LimitReached, chatbot: Chatbot, caps: { maxPages: number; maxDepth: number } | null): CrawlMorePlan {
  if (reached.kind === 'pages') {
    const current = reached.limit ?? chatbot.max_pages ?? DEFAULT_LIMITS.pages;
    const next = Math.min(current * 2, caps?.maxPages ?? Infinity);
    return next > current ? { current, next, body: { max_pages: next } } : { current, next: null, body: null };
  }
  const current = reached.limit ?? chatbot.max_depth ?? DEFAULT_LIMITS.depth;
  const next = Math.min(current + 1, caps?.maxDepth ?? Infinity);
  return next > current ? { current, next, body: { max_depth: next } } : { current, next: null, body: null };
}

const links = (n: number) => (n === 1 ? '1 more link was' : `${n.toLocaleString('en-US')} more links were`);

/** The sentence the task, the card and the detail page show. */
export function limitSentence(reached: LimitReached, plan: CrawlMorePlan): string {
  const where = reached.kind === 'pages' ? `the ${plan.current}-page limit` : `depth ${plan.current}`;
  const atCap = plan.next === null ? ", this server's maximum" : '';
  return `Stopped at ${where}${atCap}; ${links(reached.links_left)} found and not crawled.`;
}
