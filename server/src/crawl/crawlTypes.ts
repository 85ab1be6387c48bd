import type { PageAnchor } from './extract.js';
import type { FetchErrorKind } from './fetchErrors.js';
import type { PdfPageText } from './pdf.js';
import type { RenderOptions } from './render/renderOptions.js';

/** What crawlSite (crawler.ts) takes and reports. */
export interface PriorPage {
  etag?: string | null;
  lastModified?: string | null;
  /** The page's in-scope links when it was stored; without them a 304 could not be followed, so no validators are sent. */
  links: string[] | null;
  title: string;
  contentHash: string;
}
export interface CrawlOptions {
  startUrls: string[];
  /** Follow links (crawl) or fetch exactly the given URLs (index chosen URLs). */
  followLinks: boolean;
  maxDepth: number;
  maxPages: number;
  underStartPath?: boolean;
  /** Follow other languages too (languageScope.ts); by default a crawl stays in its start page's language. */
  allLanguages?: boolean;
  /** Concurrent requests per host. */
  concurrency: number;
  /** Total time budget in ms; when spent, the crawl stops admitting and fetching. */
  timeBudgetMs: number;
  userAgent: string;
  useSitemaps?: boolean;
  /** Discovery only: pages on the last level are listed, not fetched, and no content is extracted. */
  discoveryOnly?: boolean;
  /** The owner's include/exclude patterns (urlPatterns.ts): links and sitemap entries they leave out are not taken; a start URL is still read for its links. */
  keep?: (url: string) => boolean;
  /** A re-crawl's stored copy of a URL: its validators are sent, and a 304 reuses its links (no body, no extraction). */
  prior?: (url: string) => PriorPage | undefined;
  /** Client-rendered pages are run in Chromium (render/); without it they are read as fetched. */
  render?: RenderOptions;
  signal?: AbortSignal;
}

export type CrawlOutcome =
  /** `aliases`: URLs that led here (before a redirect or canonical); `anchors`, `outsideKeys`, `pdfPages`: see ExtractedPage. */
  | {
      kind: 'page';
      url: string;
      depth: number;
      title: string;
      markdown: string;
      contentHash: string;
      aliases: string[];
      anchors: PageAnchor[];
      outsideKeys: number[];
      etag?: string;
      lastModified?: string;
      links?: string[];
      pdfPages?: PdfPageText[];
      /** The language the page declares (`<html lang>`, else Content-Language); the indexer weighs it beside the text. */
      declaredLanguage?: string;
    }
  | { kind: 'failed'; url: string; reason: string; errorKind: FetchErrorKind | 'extract' }
  /** `notFetched`: no request was made (robots.txt, time limit), so it says nothing about the site's health. */
  | { kind: 'skipped'; url: string; reason: string; notFetched?: boolean }
  | { kind: 'listed'; url: string; depth: number }
  /** The server said the stored copy is current (304): nothing was downloaded or extracted. */
  | { kind: 'unchanged'; url: string; depth: number; title: string; contentHash: string };

export interface CrawlHooks {
  /** A URL entered the crawl (counts towards maxPages). */
  onAdmitted?(url: string, depth: number): void;
  onOutcome(outcome: CrawlOutcome): Promise<void> | void;
}

/** A crawl that stopped at its page or depth limit with admissible links left uncrawled (the task API's limit_reached). */
export interface LimitReached {
  kind: 'pages' | 'depth';
  /** Distinct admissible links found and not crawled (capped at crawlFrontier's LINKS_LEFT_CAP). */
  links_left: number;
}

export interface CrawlSummary {
  admitted: number;
  /** Why the crawl stopped early, if it did. */
  stoppedBy?: 'time' | 'aborted';
  /** A crawl that ran to its end but not to the site's: which limit stopped it, and how many links it left (none for chosen URLs, or when stopped). */
  limitReached?: LimitReached | null;
  /** URLs the crawl remembered as met (bounded: robots-blocked links beyond the report cap are not kept). */
  remembered: number;
}
