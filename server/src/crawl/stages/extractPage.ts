import type { CrawlRun } from '../crawlRun.js';
import { extractText, type ExtractedPage } from '../extractedPage.js';
import { ExtractTimeoutError, ExtractUnavailableError } from '../extractor.js';
import { stageField, type PageOutcome } from '../pageOutcome.js';
import { untilAborted } from '../untilAborted.js';

/**
 * extract: the body's content and links. HTML and PDFs go to the extractor (worker threads, cut
 * short by the crawl's signal); plain text is read here. URL collection asks for links only.
 */
export async function extractPage(page: PageOutcome, run: CrawlRun): Promise<PageOutcome | void> {
  const { url } = page;
  const { extractor, signal, opts } = run;
  const fetched = stageField(page.fetched, 'fetched');
  const pageUrl = stageField(page.pageUrl, 'pageUrl');
  let extracted: ExtractedPage;
  try {
    if (page.format === 'pdf')
      extracted = await untilAborted(extractor.extractPdf(fetched.bytes ?? new Uint8Array(), pageUrl, signal), signal);
    else if (page.format === 'text') extracted = extractText(fetched.body);
    else extracted = await untilAborted(extractor.extract(fetched.body, pageUrl, { linksOnly: opts.discoveryOnly }, signal), signal);
  } catch (err) {
    if (run.outOfTime()) return run.timeSkip(url);
    if (err instanceof ExtractTimeoutError || err instanceof ExtractUnavailableError)
      return run.report({ kind: 'failed', url, reason: err.message, errorKind: 'extract' });
    const reason = `Could not extract content: ${String((err as Error)?.message ?? err)}`;
    return run.report({ kind: 'failed', url, reason, errorKind: 'extract' });
  }
  return { ...page, extracted };
}
