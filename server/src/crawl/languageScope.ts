import { normalizeUrl } from './urls.js';

/**
 * Crawls stay in the start page's language (issue 38): a manual whose every page links to its
 * translations would otherwise spend most of the page budget on other languages (often
 * byte-identical copies under another language folder). Three signals, read cheaply from the URL
 * and the HTML the crawler already holds:
 * - a language folder (`/fr/`, `/de-de/`, `/pt-BR/`) other than the start's, taken as one only
 *   when the site shows it switches languages (the start URL is under a language folder, or a page
 *   read declares hreflang alternates): `/js/` or `/api/` on a one-language site are not languages;
 * - a `?lang=` / `?hl=` / `?locale=` parameter other than the start's language;
 * - an hreflang alternate (`<link rel="alternate" hreflang>`, `<a hreflang>`) in another language;
 * and a page whose declared language (`<html lang>`, else Content-Language) differs from the
 * start page's is read for nothing: it is skipped and gives its page of the budget back.
 * Languages are compared by primary subtag (`en-US` is `en`).
 */

const TAG_SHAPE = /^[a-z]{2,3}(?:[-_](?:[a-z]{2}|[a-z]{4}|\d{3}))?$/i;
const LANG_PARAMS = ['lang', 'hl', 'locale'];
const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The primary subtag of a BCP-47 tag ICU knows as a language ('de-DE' → 'de'), else undefined. */
export function languageOf(tag: string | undefined): string | undefined {
  const t = tag?.trim().replace(/_/g, '-');
  if (!t || !TAG_SHAPE.test(t)) return undefined;
  try {
    return names.of(t) === undefined ? undefined : t.split('-')[0]!.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The language a URL's first path segment names, if it looks like one. */
export function folderLanguage(url: string): string | undefined {
  const first = new URL(url).pathname.split('/')[1];
  return first ? languageOf(decodeURIComponent(first)) : undefined;
}

/** The language a `?lang=` / `?hl=` / `?locale=` parameter names. */
export function paramLanguage(url: string): string | undefined {
  const params = new URL(url).searchParams;
  for (const name of LANG_PARAMS) {
    const value = params.get(name);
    if (value) return languageOf(value) ?? value.toLowerCase();
  }
  return undefined;
}

export interface PageLanguage {
  /** The declared language's primary subtag (`<html lang>`, else Content-Language). */
  declared?: string;
  /** Links marked with hreflang (alternates and `<a hreflang>`), with their language (undefined for x-default). */
  alternates: Map<string, string | undefined>;
}

const SCAN_CHARS = 2_000_000;
// Linear on hostile HTML (this runs on the main thread): a tag never spans a '<', so no two
// matches rescan the same text, and an attribute name starts only after whitespace.
const TAG = /<(html|link|a|area)\b((?:[^<>"']|"[^"<>]*"|'[^'<>]*')*)>/gi;
const ATTR = /(?:^|\s)([a-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

function attributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(ATTR)) out[m[1]!.toLowerCase()] ??= m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

/** The declared language and the hreflang-marked links of an HTML page (a bounded scan of its tags). */
export function readPageLanguage(html: string, pageUrl: string, contentLanguage?: string): PageLanguage {
  const alternates = new Map<string, string | undefined>();
  let declared: string | undefined;
  for (const m of html.slice(0, SCAN_CHARS).matchAll(TAG)) {
    const name = m[1]!.toLowerCase();
    const a = attributes(m[2]!);
    if (name === 'html') {
      declared ??= languageOf(a.lang ?? a['xml:lang']);
      continue;
    }
    if (a.hreflang === undefined || a.href === undefined) continue;
    if (name === 'link' && !/(?:^|\s)alternate(?:\s|$)/i.test(a.rel ?? '')) continue;
    const url = normalizeUrl(a.href, pageUrl);
    if (url) alternates.set(url, languageOf(a.hreflang));
  }
  declared ??= languageOf(contentLanguage?.split(',')[0]);
  return { declared, alternates };
}

/** One crawl's language: what the start says, and whether the site has shown a language switcher. */
export class LanguageScope {
  private lang: string | undefined;
  private switches: boolean;

  constructor(startUrl: string) {
    const folder = folderLanguage(startUrl);
    this.lang = folder ?? languageOf(paramLanguage(startUrl));
    this.switches = folder !== undefined;
  }

  /**
   * The start page was read at `pageUrl` (a redirect may have moved it into a language folder, as
   * `/` to `/en/latest/`): its declared language, else its folder's, is the crawl's.
   */
  learnStart(page: PageLanguage, pageUrl: string): void {
    const folder = folderLanguage(pageUrl);
    if (folder !== undefined) this.switches = true;
    this.lang = page.declared ?? folder ?? this.lang;
    this.learn(page);
  }

  /** A page with hreflang alternates shows the site switches languages by folder. */
  learn(page: PageLanguage): void {
    if (page.alternates.size > 0) this.switches = true;
  }

  /** False for a URL in another language folder or with another language parameter. */
  allowsUrl = (url: string): boolean => {
    const param = paramLanguage(url);
    if (param !== undefined && param !== this.lang) return false;
    if (!this.switches) return true;
    const folder = folderLanguage(url);
    return folder === undefined || folder === this.lang;
  };

  /** False for a link a page marks as a translation (hreflang in another language, or x-default). */
  allowsLink(url: string, page: PageLanguage): boolean {
    if (page.alternates.has(url) && page.alternates.get(url) !== this.lang) return false;
    return this.allowsUrl(url);
  }

  /**
   * A fetched page read: the start page sets the crawl's language; any other page declaring a
   * different one gets the reason it is skipped (not indexed, its links not followed).
   */
  check(page: PageLanguage, isStart: boolean, pageUrl: string): string | undefined {
    if (isStart) this.learnStart(page, pageUrl);
    else this.learn(page);
    if (isStart || !page.declared || !this.lang || page.declared === this.lang) return undefined;
    return `In another language than the start page (declares "${page.declared}", the crawl stays in "${this.lang}")`;
  }
}
