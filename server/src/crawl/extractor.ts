import type { ExtractedPage, ExtractOptions } from './extract.js';

/**
 * Where page extraction runs: in a pool of worker threads (extractPool.ts), never on the server's
 * event loop (a hostile page parses for minutes). Tests may read pages in-thread (test/helpers).
 */
export interface Extractor {
  /** A fired signal abandons the page: the promise rejects and, in a pool, its worker stops parsing it. */
  extract(html: string, url: string, opts?: ExtractOptions, signal?: AbortSignal): Promise<ExtractedPage>;
  /** A PDF's text page by page (pdf.ts); rejects with the reason when the PDF cannot be read. */
  extractPdf(bytes: Uint8Array, url: string, signal?: AbortSignal): Promise<ExtractedPage>;
  close(): Promise<void>;
}

export const DEFAULT_EXTRACT_OPTIONS: ExtractOptions = { readabilityMaxChars: 1_000_000, maxMarkdownChars: 400_000 };

/** A page whose extraction ran past the pool's time limit (its worker was replaced). */
export class ExtractTimeoutError extends Error {
  override name = 'ExtractTimeoutError';
  constructor() {
    super('Extraction timed out');
  }
}

/**
 * A page that could not be read because no extraction worker could be started (the pool logs why).
 * There is no in-thread fallback: parsing on the event loop would freeze the whole server.
 */
export class ExtractUnavailableError extends Error {
  override name = 'ExtractUnavailableError';
  constructor() {
    super('Extraction unavailable: the server could not start an extraction worker (details in the server log)');
  }
}
