import { cleanText } from '../text/validText.js';
import type { PageAnchor } from './extract.js';
import { isSiteWide } from './siteWide.js';

/**
 * Anchor text of in-links, for ranking: what other pages of the site call a page is often how
 * visitors name it. Gathered over the whole crawl (a link may be met after its target was
 * indexed) and read once at the end. Texts that most pages use for their links ("Next", "Home",
 * a menu) describe the template, not the target, and are dropped by the same site-wide rule as
 * boilerplate lines (siteWide.ts). Each page keeps its distinct texts, most-linked first.
 */
export const MAX_ANCHOR_TEXT_CHARS = 2000;
/** Distinct texts remembered per target; beyond this the page's anchor text is full anyway. */
const MAX_TEXTS_PER_TARGET = 100;

export class AnchorTextCollector {
  private pages = 0;
  /** Normalised text → pages that use it for some link. */
  private readonly textPages = new Map<string, number>();
  /** Target URL → normalised text → [text as written, linking pages]. */
  private readonly byTarget = new Map<string, Map<string, [string, number]>>();

  /** One page's outgoing links; `self` lists the URLs of the page itself (links to them are not in-links). */
  add(anchors: PageAnchor[], self: string[]): void {
    this.pages++;
    const seenTexts = new Set<string>();
    const seenPairs = new Set<string>();
    for (const { url, text: written } of anchors) {
      if (self.includes(url)) continue;
      // Stored in documents.anchor_text: a stray NUL would fail the whole statement.
      const text = cleanText(written);
      const norm = text.replace(/\s+/g, ' ').trim().toLowerCase();
      if (norm === '' || norm === url.toLowerCase()) continue;
      if (!seenTexts.has(norm)) {
        seenTexts.add(norm);
        this.textPages.set(norm, (this.textPages.get(norm) ?? 0) + 1);
      }
      const pair = `${url}\n${norm}`;
      if (seenPairs.has(pair)) continue;
      seenPairs.add(pair);
      let texts = this.byTarget.get(url);
      if (!texts) this.byTarget.set(url, (texts = new Map()));
      const entry = texts.get(norm);
      if (entry) entry[1]++;
      else if (texts.size < MAX_TEXTS_PER_TARGET) texts.set(norm, [text, 1]);
    }
  }

  /** The anchor text of a page reached under any of these URLs (its own and the ones that led to it). */
  textFor(urls: string[]): string {
    const merged = new Map<string, [string, number]>();
    for (const url of urls) {
      for (const [norm, [text, n]] of this.byTarget.get(url) ?? []) {
        const had = merged.get(norm);
        merged.set(norm, [had?.[0] ?? text, (had?.[1] ?? 0) + n]);
      }
    }
    const ranked = [...merged].filter(([norm]) => !isSiteWide(this.textPages.get(norm) ?? 0, this.pages)).sort((a, b) => b[1][1] - a[1][1]);
    let out = '';
    for (const [, [text]] of ranked) {
      const next = out === '' ? text : `${out}\n${text}`;
      if (next.length > MAX_ANCHOR_TEXT_CHARS) break;
      out = next;
    }
    return out;
  }
}
