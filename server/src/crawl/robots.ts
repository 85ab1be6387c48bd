import robotsParser from 'robots-parser';
import type { SafeFetcher } from './safeFetch.js';

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** Seconds between requests asked for our user agent (capped), or 0. */
  crawlDelaySeconds: number;
  sitemaps: string[];
}

const MAX_DELAY_SECONDS = 30;
const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelaySeconds: 0, sitemaps: [] };

/**
 * robots.txt of one origin for our user agent. A missing or unreachable robots.txt allows
 * everything (the common reading); a refused origin fails later, on the page fetch itself.
 */
export async function loadRobots(fetcher: SafeFetcher, origin: string, userAgent: string, signal?: AbortSignal): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  let text: string;
  try {
    const res = await fetcher.fetch(robotsUrl, {
      accept: ['text/plain', 'text/html', 'application/octet-stream', ''],
      signal,
      maxBytes: 512 * 1024,
    });
    // An HTML "robots.txt" is a soft-404 page, not rules.
    if (/^\s*</.test(res.body)) return ALLOW_ALL;
    text = res.body;
  } catch {
    return ALLOW_ALL;
  }
  return parseRobots(robotsUrl, text, userAgent);
}

export function parseRobots(robotsUrl: string, text: string, userAgent: string): RobotsRules {
  const robots = robotsParser(robotsUrl, text);
  const delay = Number(robots.getCrawlDelay(userAgent) ?? 0);
  return {
    // undefined means "another origin": not ours to judge, allow.
    isAllowed: (url) => robots.isAllowed(url, userAgent) !== false,
    crawlDelaySeconds: Number.isFinite(delay) && delay > 0 ? Math.min(delay, MAX_DELAY_SECONDS) : 0,
    sitemaps: robots.getSitemaps(),
  };
}
