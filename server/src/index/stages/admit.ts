import type { CrawlOutcome } from '../../crawl/crawlTypes.js';
import type { IndexRun } from '../indexRun.js';

/**
 * admit: a page's links' anchor texts are collected (every URL that led to it), and its lines are
 * counted towards the site's boilerplate, which is dropped from its markdown as far as the crawl
 * knows it yet (finishSiteLevel revises the early pages). A PDF is a document of its own, not a
 * page of the site's template: no boilerplate to count or drop.
 */
export function admit(o: CrawlOutcome, run: IndexRun): CrawlOutcome {
  if (o.kind !== 'page') return o;
  const urls = [o.url, ...o.aliases];
  run.anchors.add(o.anchors, urls);
  run.storedUrls.set(o.url, urls);
  if (o.pdfPages) return o;
  return { ...o, markdown: run.boilerplate.admit(o.url, o.markdown, o.outsideKeys) };
}
