import type { CrawlRun } from '../crawlRun.js';
import { readPageLanguage } from '../languageScope.js';
import { stageField, type PageOutcome } from '../pageOutcome.js';

/**
 * language: the page's declared language (`<html lang>`, else Content-Language). A crawl stays in
 * its start page's language (languageScope.ts): a page in another one is not read and not listed,
 * and its page of the budget goes to the next link turned away.
 */
export function language(page: PageOutcome, run: CrawlRun): Promise<PageOutcome | void> | PageOutcome | void {
  if (page.format !== 'html') return page;
  const fetched = stageField(page.fetched, 'fetched');
  const pageUrl = stageField(page.pageUrl, 'pageUrl');
  // Read with "all languages" too: the declared language goes with the page to the indexer, which
  // indexes each page in its own language (language/detect.ts weighs it beside the text).
  const lang = readPageLanguage(fetched.body, pageUrl, fetched.contentLanguage);
  const scope = run.frontier.language;
  if (!scope) return { ...page, lang };
  const otherLanguage = scope.check(lang, page.depth === 0, pageUrl);
  if (otherLanguage) {
    run.frontier.release();
    return run.report({ kind: 'skipped', url: page.url, reason: otherLanguage });
  }
  return { ...page, lang };
}
