import type { CrawlRun } from '../crawlRun.js';
import { readPageLanguage } from '../languageScope.js';
import { stageField, type PageOutcome } from '../pageOutcome.js';

/**
 * language: a crawl stays in its start page's language (languageScope.ts). A page in another one is
 * not read and not listed, and its page of the budget goes to the next link turned away.
 */
export function language(page: PageOutcome, run: CrawlRun): Promise<PageOutcome | void> | PageOutcome | void {
  const scope = run.frontier.language;
  if (!scope || page.format !== 'html') return page;
  const fetched = stageField(page.fetched, 'fetched');
  const pageUrl = stageField(page.pageUrl, 'pageUrl');
  const lang = readPageLanguage(fetched.body, pageUrl, fetched.contentLanguage);
  const otherLanguage = scope.check(lang, page.depth === 0, pageUrl);
  if (otherLanguage) {
    run.frontier.release();
    return run.report({ kind: 'skipped', url: page.url, reason: otherLanguage });
  }
  return { ...page, lang };
}
