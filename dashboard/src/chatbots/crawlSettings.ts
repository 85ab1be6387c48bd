import type { Chatbot } from '../../../shared/src/api/types';

/**
 * The crawl settings as the dashboard's forms hold them (the create form, the wizard, Crawl Settings
 * on the detail page: all through CrawlSettingsFields), and their conversion into request fields.
 */

/** What a crawl takes from its page and its reach; the limits and patterns as typed. */
export interface CrawlScope {
  /** URL patterns, one per line as typed (absent: none). */
  include?: string;
  exclude?: string;
  /** Crawl pages in every language, not only the start page's (absent: off). */
  allLanguages?: boolean;
  /** Render every page in a browser, not only app shells (absent: off). */
  renderJavascript?: boolean;
}

/** A whole crawl: where it starts and how far it goes, besides its scope. */
export interface CrawlSettings extends CrawlScope {
  url: string;
  /** Digits as typed; may be empty while typing (see pagesOr). */
  max_pages: string;
  max_depth: number;
}

/** Patterns as the owner types them (one per line) and as the API takes them (a list). */
export const patternLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** The typed page limit, or the fallback when it is empty or 0. */
export function pagesOr(maxPages: string, fallback: number): number {
  const pages = Number.parseInt(maxPages, 10);
  return Number.isFinite(pages) && pages > 0 ? pages : fallback;
}

/**
 * The scope fields of a new crawl (POST /crawl-and-index, /collect-urls): only what the owner set,
 * so a request without patterns or choices stays as it was before they existed.
 */
export function crawlScopeRequest(scope: CrawlScope): {
  include_patterns?: string[];
  exclude_patterns?: string[];
  all_languages?: true;
  render_javascript?: true;
} {
  const include = patternLines(scope.include ?? '');
  const exclude = patternLines(scope.exclude ?? '');
  return {
    ...(include.length ? { include_patterns: include } : {}),
    ...(exclude.length ? { exclude_patterns: exclude } : {}),
    ...(scope.allLanguages ? { all_languages: true as const } : {}),
    ...(scope.renderJavascript ? { render_javascript: true as const } : {}),
  };
}

/** The scope of an existing bot, as Crawl Settings edits it. */
export const scopeOfChatbot = (
  bot: Pick<Chatbot, 'include_patterns' | 'exclude_patterns' | 'all_languages' | 'render_javascript'>,
): CrawlScope => ({
  include: (bot.include_patterns ?? []).join('\n'),
  exclude: (bot.exclude_patterns ?? []).join('\n'),
  allLanguages: bot.all_languages ?? false,
  renderJavascript: bot.render_javascript ?? false,
});

/** Crawl Settings' save (PATCH): every field, an empty list or false included, since it replaces the stored ones. */
export const crawlScopeUpdate = (scope: CrawlScope) => ({
  include_patterns: patternLines(scope.include ?? ''),
  exclude_patterns: patternLines(scope.exclude ?? ''),
  all_languages: scope.allLanguages === true,
  render_javascript: scope.renderJavascript === true,
});
