import { extractPage } from '../../src/crawl/extract.js';
import { DEFAULT_EXTRACT_OPTIONS, type Extractor } from '../../src/crawl/extractor.js';
import type { ExtractOptions } from '../../src/crawl/extract.js';
import { extractPdf } from '../../src/crawl/pdf.js';

/**
 * Extraction on the calling thread, for tests of the crawler that do not need worker threads
 * (they start in seconds). The server never does this: a hostile page would block its event loop
 * for as long as it parses, so it always extracts in the pool (extractPool.ts).
 */
export function inlineExtractor(defaults: ExtractOptions = DEFAULT_EXTRACT_OPTIONS): Extractor {
  return {
    async extract(html, url, opts, signal) {
      await new Promise((r) => setImmediate(r));
      signal?.throwIfAborted();
      return extractPage(html, url, { ...defaults, ...opts });
    },
    async extractPdf(bytes, url, signal) {
      await new Promise((r) => setImmediate(r));
      signal?.throwIfAborted();
      return extractPdf(bytes, url, { maxChars: defaults.maxMarkdownChars });
    },
    async close() {},
  };
}
