/**
 * When is something repeated across a site a template (banner, navigation bar, footer, "Next")
 * rather than content? When it is on at least half of the site's pages: a term on n ≥ N/2 of N
 * documents has a Robertson–Spärck Jones weight log((N − n + 0.5) / (n + 0.5)) ≤ 0, so it cannot
 * make any page more relevant than another — it only blurs every page. And on at least 5 pages,
 * so that small sites keep everything: two or three pages that share a paragraph (an include, a
 * common warning) are not a template, and a one-page site has no site-wide text at all.
 */
export const SITE_WIDE_SHARE = 0.5;
export const SITE_WIDE_MIN_PAGES = 5;

/** Whether something found on `pagesWith` of a site's `pages` pages is site-wide template text. */
export function isSiteWide(pagesWith: number, pages: number): boolean {
  return pagesWith >= SITE_WIDE_MIN_PAGES && pagesWith >= SITE_WIDE_SHARE * pages;
}

/** A 53-bit hash of a string (cyrb53): compact map keys, collisions negligible at site scale. */
export function hash53(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
