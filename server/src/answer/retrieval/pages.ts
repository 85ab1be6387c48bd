import { citedTitle } from '../../text/pdfPageLink.js';
import type { PageHit, RetrievedChunk } from '../types.js';

/**
 * Distinct pages best-first by passage evidence, at most perPage chunks each: a page scores by its
 * best passage plus `secondShare` of its second.
 */
export function collectPages(ranked: RetrievedChunk[], perPage: number, secondShare: number): PageHit[] {
  const pages = new Map<string, PageHit>();
  const second = new Map<string, number>();
  for (const chunk of ranked) {
    let page = pages.get(chunk.url);
    if (!page) {
      // A PDF's pages are pages of their own here, cited with their number (text/pdfPageLink.ts).
      page = { url: chunk.url, title: citedTitle(chunk.title, chunk.url), score: chunk.score, coverage: chunk.coverage, chunks: [] };
      pages.set(chunk.url, page);
    } else if (!second.has(chunk.url)) second.set(chunk.url, chunk.score);
    if (page.chunks.length < perPage) page.chunks.push(chunk);
    page.coverage = Math.max(page.coverage, chunk.coverage);
  }
  // A page with a second good passage is more likely about the question than one lucky passage.
  // (ranked is best-first, so a page's first chunk is its best.)
  for (const page of pages.values()) page.score += secondShare * (second.get(page.url) ?? 0);
  return [...pages.values()].sort((a, b) => b.score - a.score);
}

/**
 * The page whose passage plain BM25 scores highest (RetrievedChunk.plain), moved up to place `slot`
 * when the ranking put it lower: whatever the ranking's extra evidence says, the page a plain keyword
 * search finds first is among the pages retrieval offers. It is cited only if its score earns it
 * (floor.ts), and never leads an extractive answer (plainFirst): its quote, free to lead, took two
 * git answers away from the right page (eval/LOG.md). Pages already within the first `slot` keep
 * their place; slot 0 changes nothing.
 */
export function keepPlainFirst(pages: PageHit[], ranked: RetrievedChunk[], slot: number): PageHit[] {
  if (slot <= 0) return pages;
  let best: RetrievedChunk | undefined;
  for (const c of ranked) if ((c.plain ?? 0) > (best?.plain ?? 0)) best = c;
  const at = best ? pages.findIndex((page) => page.url === best.url) : -1;
  if (at < slot) return pages;
  const out = [...pages];
  const [page] = out.splice(at, 1);
  out.splice(slot - 1, 0, { ...page!, plainFirst: true });
  return out;
}
