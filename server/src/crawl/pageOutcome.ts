import type { CrawlRun } from './crawlRun.js';
import type { ExtractedPage } from './extract.js';
import type { PageLanguage } from './languageScope.js';
import type { FetchedResource } from './safeFetch.js';

/** What a fetched body is read as. */
export type PageFormat = 'html' | 'text' | 'pdf';

/**
 * One admitted URL on its way through the page stages (pageStages.ts). Each stage fills in what it
 * learned; the fields a stage reads were set by the stages before it.
 */
export interface PageOutcome {
  /** The URL as admitted (the key of its outcome). */
  url: string;
  depth: number;
  /** Disallowed by an already-loaded robots.txt when it was queued. */
  blocked?: boolean;
  /** fetch: the response (a render stage may replace its body with the rendered HTML). */
  fetched?: FetchedResource;
  /** arrive: the normalised final URL after redirects, and what the body is read as. */
  pageUrl?: string;
  format?: PageFormat;
  /** language: the page's declared language and its hreflang alternates (HTML pages). */
  lang?: PageLanguage;
  /** render (crawl/render/): the page ran in Chromium; the links its rendered DOM holds. */
  rendered?: { links: string[] };
  /** extract: the page's content and links. */
  extracted?: ExtractedPage;
  /** follow: the links worth following (in scope, pages, in the crawl's language). */
  links?: string[];
  /** keep: the cleaned text that will be stored. */
  text?: string;
}

/**
 * A page stage: takes the page, returns it (perhaps with more filled in) for the next stage, or
 * nothing when the page ends here. A stage that ends a page has given it its one outcome
 * (run.report, or the placement that will), so every admitted URL ends in exactly one.
 */
export type PageStage = (page: PageOutcome, run: CrawlRun) => Promise<PageOutcome | void> | PageOutcome | void;

/** A field an earlier stage sets; missing means the stage list is out of order (a bug, not a page's fault). */
export function stageField<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`page stage order: ${name} is not set yet`);
  return value;
}
