import type { Page } from 'playwright-core';
import { normalizeUrl } from '../urls.js';

/**
 * The links of a rendered page, read from its live DOM: anchors the app added, client-side routes
 * (a router's <a href="/about"> that it handles without a page load), and the route attributes
 * some routers put on other elements. The browser resolves each against the document's base.
 */
export async function readRenderedLinks(page: Page): Promise<string[]> {
  const raw = await page.evaluate(() => {
    const out: string[] = [];
    for (const a of Array.from(document.querySelectorAll('a[href], area[href]'))) out.push((a as HTMLAnchorElement).href);
    for (const el of Array.from(document.querySelectorAll('[routerlink], [data-href]'))) {
      const value = el.getAttribute('routerlink') ?? el.getAttribute('data-href') ?? '';
      try {
        out.push(new URL(value, document.baseURI).href);
      } catch {
        // Not a URL: nothing to follow.
      }
    }
    return out.slice(0, 5000);
  });
  return renderedLinks(raw, page.url());
}

/** Normalised, distinct http(s) links, the page itself left out (a hash route is the same URL to the crawler). */
export function renderedLinks(raw: readonly string[], pageUrl: string): string[] {
  const self = normalizeUrl(pageUrl);
  const seen = new Set<string>();
  for (const href of raw) {
    const url = normalizeUrl(href, pageUrl);
    if (url && url !== self) seen.add(url);
  }
  return [...seen];
}
