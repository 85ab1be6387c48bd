import type { CrawlRun } from './crawlRun.js';
import type { FrontierItem } from './crawlFrontier.js';
import type { PageOutcome, PageStage } from './pageOutcome.js';
import { arrive } from './stages/arrive.js';
import { extractPage } from './stages/extractPage.js';
import { fetchPage } from './stages/fetchPage.js';
import { followLinks } from './stages/followLinks.js';
import { keepPage } from './stages/keepPage.js';
import { language } from './stages/language.js';
import { placePage } from './stages/placePage.js';
import { renderStage, withRenderedLinks } from './render/renderStage.js';
import { screen } from './stages/screen.js';

export type { PageOutcome, PageStage } from './pageOutcome.js';

/**
 * The way of one admitted URL, in order. Contract (pageOutcome.ts): a stage is
 * `(page, run) => page | void`, sync or async; it returns the page (with what it learned filled
 * in) for the next stage, or nothing when the page ends with it, and then it has given the URL its
 * one outcome (`run.report`, or the placement that will). A stage reads only fields that stages
 * before it set. A render stage (crawl/render/) goes between `language` and `extractPage`: it may
 * replace `page.fetched` with the rendered HTML (same url/status, new `body`) and returns the page.
 */
export const PAGE_STAGES: readonly PageStage[] = [
  screen, // robots.txt, the time limit, URL collection's unfetched last level
  fetchPage, // one request through the host's gate; a 304 reuses the stored copy
  arrive, // redirects (scope, duplicates), what the body is read as
  language, // a crawl stays in its start page's language
  renderStage, // an app shell (or every page, if the owner asks) runs in Chromium
  extractPage, // content and links (worker threads)
  withRenderedLinks, // links the rendered DOM holds beyond its anchors (client-side routes)
  followLinks, // links join the frontier one level deeper
  keepPage, // patterns, noindex, empty pages; URL collection lists instead
  placePage, // under its own URL, its canonical URL, or a duplicate
];

/** Fetch and read one admitted URL: every path ends in one outcome (or a placement that will). */
export async function crawlPage(item: FrontierItem, run: CrawlRun): Promise<void> {
  let page: PageOutcome | void = { url: item.url, depth: item.depth, blocked: item.blocked };
  for (const stage of PAGE_STAGES) {
    page = await stage(page, run);
    if (!page) return;
  }
}
