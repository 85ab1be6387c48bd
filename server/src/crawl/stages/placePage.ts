import { cleanText } from '../../text/validText.js';
import type { CrawlRun } from '../crawlRun.js';
import { pageHash } from '../pageHash.js';
import { stageField, type PageOutcome } from '../pageOutcome.js';
import { acceptableCanonical } from '../urls.js';

/**
 * place: the last stage. The content goes under the page's URL, its canonical URL, or nowhere (a
 * duplicate): PagePlacement decides and gives the outcome, perhaps later (a canonical URL still
 * being fetched). A canonical link counts only on the same scheme and host (Python's docs point at file://).
 */
export async function placePage(page: PageOutcome, run: CrawlRun): Promise<void> {
  const { frontier, placement } = run;
  const fetched = stageField(page.fetched, 'fetched');
  const pageUrl = stageField(page.pageUrl, 'pageUrl');
  const extracted = stageField(page.extracted, 'extracted');
  const text = stageField(page.text, 'text');
  const canonical = acceptableCanonical(extracted.canonical, pageUrl);
  await placement.place(
    {
      url: page.url,
      pageUrl,
      depth: page.depth,
      title: cleanText(extracted.title),
      text,
      hash: pageHash(text),
      canonical: canonical && frontier.inAnyScope(canonical) ? canonical : undefined,
      anchors: extracted.anchors ?? [],
      outsideKeys: extracted.outsideKeys ?? [],
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      links: stageField(page.links, 'links'),
      pdfPages: extracted.pdfPages,
      declaredLanguage: page.lang?.declared,
    },
    true,
  );
}
