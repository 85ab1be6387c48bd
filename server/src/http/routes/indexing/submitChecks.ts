import type { Config } from '../../../config.js';
import { FetchError } from '../../../crawl/fetchErrors.js';
import { createSafeFetcher } from '../../../crawl/safeFetch.js';
import { ValidationError } from '../../errors.js';

/**
 * Checks made when an owner submits a crawl, so what the crawler would refuse later (and the bot
 * fail after "is being created!") is refused at once, in the form, with the crawler's own words.
 */

/**
 * max_pages within the server's cap (CRAWL_MAX_PAGES): a larger request is refused with the cap
 * named, not clamped in silence (the owner who asked for 1,200 would get 1,000 without a word).
 */
export function checkMaxPages(config: Config, maxPages: number | undefined): void {
  if (maxPages === undefined || maxPages <= config.CRAWL_MAX_PAGES) return;
  throw new ValidationError([
    {
      loc: ['body', 'max_pages'],
      msg: `max_pages must be at most ${config.CRAWL_MAX_PAGES} (this server's CRAWL_MAX_PAGES)`,
      type: 'too_big',
    },
  ]);
}

/**
 * Every distinct host among urls passes the crawler's address policy (crawl/addressPolicy.ts via
 * the safe fetcher's checkAddress: no private, loopback, link-local or metadata address, unless
 * CRAWL_ALLOW_HOSTS opens the host). Only refusals stop the submit: a name that does not resolve
 * now may resolve when the worker runs, and the crawl reports it then.
 */
export async function checkAddresses(config: Config, urls: string[], field = 'url'): Promise<void> {
  const byHost = new Map<string, string>();
  for (const url of urls) {
    const host = URL.canParse(url) ? new URL(url).host : url;
    if (!byHost.has(host)) byHost.set(host, url);
  }
  const fetcher = createSafeFetcher({ userAgent: config.CRAWL_USER_AGENT, allowHosts: config.CRAWL_ALLOW_HOSTS, timeoutMs: 5_000 });
  try {
    for (const url of byHost.values()) {
      try {
        await fetcher.checkAddress(url);
      } catch (err) {
        if (err instanceof FetchError && err.kind === 'refused') {
          throw new ValidationError([
            {
              loc: ['body', field],
              msg: `${err.message}. Docent crawls public websites only (the server's CRAWL_ALLOW_HOSTS can open a private host).`,
              type: 'address_refused',
            },
          ]);
        }
      }
    }
  } finally {
    await fetcher.close();
  }
}
