import type { Db } from '../db/db.js';
import { setAnchorTexts, taskDocumentsByUrl } from '../db/repositories/documents.js';
import type { AnchorTextCollector } from '../crawl/anchorText.js';
import type { SiteBoilerplate } from '../crawl/siteBoilerplate.js';
import { yieldToEventLoop, type Indexer } from './indexer.js';

const SITE_LEVEL_BATCH = 50;

/**
 * What needs the whole crawl, before the swap: pages cleaned with an early view of the site's
 * boilerplate are rewritten under the final one, and every document gets its in-links' anchor
 * text. Small batches with yields between them (PGlite blocks the loop).
 */
export async function finishSiteLevel(
  db: Db,
  taskId: string,
  indexer: Indexer,
  boilerplate: SiteBoilerplate,
  anchors: AnchorTextCollector,
  storedUrls: Map<string, string[]>,
): Promise<void> {
  const stale = boilerplate.stale();
  for (let i = 0; i < stale.length; i += SITE_LEVEL_BATCH) {
    for (const doc of await taskDocumentsByUrl(db, taskId, stale.slice(i, i + SITE_LEVEL_BATCH))) {
      const markdown = boilerplate.revise(doc.url, doc.content);
      if (markdown !== undefined && markdown !== doc.content)
        await indexer.replace(doc.id, { url: doc.url, title: doc.title, markdown, contentHash: '' });
    }
  }
  const rows = [...storedUrls].map(([url, urls]) => ({ url, text: anchors.textFor(urls) })).filter((r) => r.text !== '');
  for (let i = 0; i < rows.length; i += SITE_LEVEL_BATCH) {
    await setAnchorTexts(db, taskId, rows.slice(i, i + SITE_LEVEL_BATCH));
    await yieldToEventLoop();
  }
}
