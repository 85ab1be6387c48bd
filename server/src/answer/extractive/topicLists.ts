import type { Unit } from './sentences.js';
import { EXTRACTIVE_PARAMS } from './params.js';

/** Words of one item of a list of topics (params.ts). */
const LIST_ITEM_WORDS = EXTRACTIVE_PARAMS.listItemWords;

/**
 * A sentence that lists three or more short items ("to Netlify, GitHub Pages, Cloudflare Pages or
 * your own server"; "command not found, port in use, slow builds"): three comma-separated parts in a
 * row of at most LIST_ITEM_WORDS words each, the last possibly opened by "and" or "or".
 */
export function listsTopics(plain: string): boolean {
  const parts = plain.split(/,|;|:/).map(
    (p) =>
      p
        .trim()
        .replace(/^(and|or)\s+/i, '')
        .split(/\s+/)
        .filter(Boolean).length,
  );
  let run = 0;
  for (const words of parts) {
    run = words > 0 && words <= LIST_ITEM_WORDS ? run + 1 : 0;
    if (run >= 3) return true;
  }
  // "… to Netlify, GitHub Pages or your own server": the last two items joined by and/or.
  return (
    /(^|,)[^,]{1,40},[^,]{1,40}\b(and|or)\b[^,]{1,40}$/i.test(plain.replace(/[.!?]$/, '')) &&
    parts.filter((w) => w <= LIST_ITEM_WORDS).length >= 2
  );
}

/** A unit of a page's opening (before its first subheading) that lists what the page covers. */
export const isOverview = (u: Unit): boolean => u.kind === 'sentence' && !u.heading.includes(' > ') && listsTopics(u.plain);
