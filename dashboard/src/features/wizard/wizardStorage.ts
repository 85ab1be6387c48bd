/**
 * What the wizard keeps in localStorage (spec §3–§4): the crawl configuration, saved on every
 * change and removed on success; and the selection map per start URL.
 */
import { localStore } from '../../storage';
import type { CrawlSettings } from '../../chatbots/crawlSettings';

/** The Configure step's fields, as the shared crawl-settings form holds them. */
export type CrawlConfiguration = CrawlSettings;

export const CRAWL_CONFIG_KEY = 'crawlConfig';
export const SELECTIONS_KEY_PREFIX = 'crawlSelections:';
export const WIZARD_DEFAULTS: CrawlConfiguration = { url: '', max_pages: '30', max_depth: 1 };
export const WIZARD_DEPTHS = [1, 2, 3, 4, 5, 10] as const;

function read(key: string): unknown {
  try {
    const raw = localStore.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null; // hand-edited or corrupt JSON counts as nothing saved
  }
}
const write = (key: string, value: unknown) => localStore.setItem(key, JSON.stringify(value));
const remove = (key: string) => localStore.removeItem(key);

/** The saved configuration, each field checked (storage is user-editable). */
export function loadCrawlConfig(): CrawlConfiguration {
  const v = read(CRAWL_CONFIG_KEY) as Partial<Record<keyof CrawlConfiguration, unknown>> | null;
  if (!v || typeof v !== 'object') return { ...WIZARD_DEFAULTS };
  const maxPages =
    typeof v.max_pages === 'number'
      ? String(v.max_pages)
      : typeof v.max_pages === 'string' && /^\d*$/.test(v.max_pages)
        ? v.max_pages
        : WIZARD_DEFAULTS.max_pages;
  const depth = Number(v.max_depth);
  return {
    url: typeof v.url === 'string' ? v.url.slice(0, 2048) : '',
    max_pages: maxPages.slice(0, 7),
    max_depth: (WIZARD_DEPTHS as readonly number[]).includes(depth) ? depth : WIZARD_DEFAULTS.max_depth,
    ...(typeof v.include === 'string' && v.include ? { include: v.include.slice(0, 5000) } : {}),
    ...(typeof v.exclude === 'string' && v.exclude ? { exclude: v.exclude.slice(0, 5000) } : {}),
    ...(v.allLanguages === true ? { allLanguages: true } : {}),
    ...(v.renderJavascript === true ? { renderJavascript: true } : {}),
  };
}
export const saveCrawlConfig = (config: CrawlConfiguration) => write(CRAWL_CONFIG_KEY, config);
export const clearCrawlConfig = () => remove(CRAWL_CONFIG_KEY);

export const selectionsKey = (startUrl: string) => `${SELECTIONS_KEY_PREFIX}${startUrl}`;

/** The selection map for a start URL: address → true. */
export function loadSelections(startUrl: string): Record<string, true> {
  const v = read(selectionsKey(startUrl));
  const out: Record<string, true> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const [url, on] of Object.entries(v as Record<string, unknown>)) if (on === true) out[url] = true;
  }
  return out;
}
export const saveSelections = (startUrl: string, selected: Record<string, true>) => write(selectionsKey(startUrl), selected);
export const clearSelections = (startUrl: string) => remove(selectionsKey(startUrl));

export const SOURCES_KEY_PREFIX = 'crawlSources:';

/**
 * The review list itself per start URL: the collected addresses and those the owner added, so a
 * reload of the review step keeps unticked addresses and does not mark collected ones "Manual".
 */
export interface SourceList {
  collected: string[];
  manual: string[];
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length <= 2048).slice(0, 10_000) : [];

export function loadSourceList(startUrl: string): SourceList {
  const v = read(`${SOURCES_KEY_PREFIX}${startUrl}`) as Partial<Record<keyof SourceList, unknown>> | null;
  return v && typeof v === 'object' ? { collected: strings(v.collected), manual: strings(v.manual) } : { collected: [], manual: [] };
}
export const saveSourceList = (startUrl: string, list: SourceList) => write(`${SOURCES_KEY_PREFIX}${startUrl}`, list);
export const clearSourceList = (startUrl: string) => remove(`${SOURCES_KEY_PREFIX}${startUrl}`);
