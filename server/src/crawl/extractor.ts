import { extractPage, type ExtractedPage, type ExtractOptions } from './extract.js';
import { extractPdf } from './pdf.js';

/** Where page extraction runs: in this thread, or in a pool of worker threads (extractPool.ts). */
export interface Extractor {
  /** A fired signal abandons the page: the promise rejects and, in a pool, its worker stops parsing it. */
  extract(html: string, url: string, opts?: ExtractOptions, signal?: AbortSignal): Promise<ExtractedPage>;
  /** A PDF's text page by page (pdf.ts); rejects with the reason when the PDF cannot be read. */
  extractPdf(bytes: Uint8Array, url: string, signal?: AbortSignal): Promise<ExtractedPage>;
  close(): Promise<void>;
}

export const DEFAULT_EXTRACT_OPTIONS: ExtractOptions = { readabilityMaxChars: 1_000_000, maxMarkdownChars: 400_000 };

/**
 * Extraction on the calling thread; yields first so a burst of pages cannot starve other work.
 * A hostile page blocks this thread for as long as it parses (seconds), so servers use the pool
 * (extractPool.ts); this is its fallback when workers cannot start, and the tests' light option.
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

/** A page whose extraction ran past the pool's time limit (its worker was replaced). */
export class ExtractTimeoutError extends Error {
  override name = 'ExtractTimeoutError';
  constructor() {
    super('Extraction timed out');
  }
}
