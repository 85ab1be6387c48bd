import type { CrawlRun } from '../crawlRun.js';
import { stageField, type PageOutcome } from '../pageOutcome.js';
import { looksLikePage } from '../urls.js';

/**
 * follow: the page's links worth following (in scope, pages, in the crawl's language) join the
 * frontier one level deeper; on the last level they are counted as left for a deeper crawl.
 */
export function followLinks(page: PageOutcome, run: CrawlRun): PageOutcome {
  const { frontier } = run;
  const extracted = stageField(page.extracted, 'extracted');
  const lang = page.lang;
  const scope = frontier.language; // absent when the owner chose all languages
  const links = extracted.links.filter(
    (link) => frontier.inAnyScope(link) && looksLikePage(link) && (!lang || !scope || scope.allowsLink(link, lang)),
  );
  frontier.follow(links, page.depth);
  return { ...page, links };
}
