import { cleanText } from '../text/validText.js';
import type { ExtractedPage } from './extract.js';
import { startThreadClock, whenPast } from './threadClock.js';

/**
 * Text of a PDF, page by page, with Mozilla's PDF.js (pdfjs-dist, legacy build for Node). Text
 * extraction only: no canvas, no rendering, no fonts loaded, no eval; PDF.js's own "worker" runs
 * in this thread (its fake worker), which is the extraction worker thread in a server
 * (extractPool.ts), so a slow or hostile PDF never blocks the main thread and the pool's time
 * limit can end it. Each page's text is kept apart so its chunks can cite the page (`#page=N`).
 */
export interface PdfPageText {
  /** 1-based page number, as `#page=N` counts. */
  page: number;
  text: string;
}

export interface PdfOptions {
  /** Text beyond this is cut (the same cap as an HTML page's Markdown). */
  maxChars?: number;
  /** A PDF declaring more pages is refused. */
  maxPages?: number;
  /** Extraction stops with an error past this (checked between pages; the pool's limit is the backstop). */
  timeoutMs?: number;
}

export const PDF_TYPE = 'application/pdf';
export const MAX_PDF_PAGES = 2000;
const PDF_TIMEOUT_MS = 20_000;

/** A PDF that could not be read; the message is shown to the owner as the page's failure reason. */
export class PdfError extends Error {
  override name = 'PdfError';
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
/** Loaded on the first PDF (about 1 MB of code): crawls without PDFs never pay for it. */
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

export async function extractPdf(bytes: Uint8Array, url: string, opts: PdfOptions = {}): Promise<ExtractedPage> {
  const maxChars = opts.maxChars ?? 400_000;
  const maxPages = opts.maxPages ?? MAX_PDF_PAGES;
  const { getDocument } = await loadPdfJs();
  // From when PDF.js is loaded: loading it is the worker's first-PDF cost, not this PDF's reading.
  // On this thread's clock: time spent waiting for a core (a busy server) is not reading time.
  const limitMs = opts.timeoutMs ?? PDF_TIMEOUT_MS;
  const clock = startThreadClock('self');
  // A copy: PDF.js may take ownership of (detach) the buffer it is given.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const stopClock = whenPast(clock, limitMs, () => void task.destroy());
  try {
    const doc = await task.promise;
    if (doc.numPages > maxPages) throw new PdfError(`The PDF has ${doc.numPages} pages (the limit is ${maxPages})`);
    const info = (await doc.getMetadata().catch(() => undefined))?.info as { Title?: unknown } | undefined;
    const pages: PdfPageText[] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages && chars < maxChars; n++) {
      if (clock.isPast(limitMs)) throw new PdfError('Reading the PDF took too long');
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      page.cleanup();
      let raw = '';
      for (const item of content.items) if ('str' in item) raw += item.str + (item.hasEOL ? '\n' : '');
      const text = tidy(raw).slice(0, maxChars - chars);
      if (text === '') continue;
      pages.push({ page: n, text });
      chars += text.length + 2;
    }
    const title = typeof info?.Title === 'string' ? cleanText(info.Title).replace(/\s+/g, ' ').trim().slice(0, 300) : '';
    return {
      title: title || fileName(url),
      markdown: pages.map((p) => p.text).join('\n\n'),
      pdfPages: pages,
      links: [],
      anchors: [],
      noindex: false,
      nofollow: false,
      outsideKeys: [],
      method: 'pdf',
    };
  } catch (err) {
    if (err instanceof PdfError) throw err;
    // PDF.js exports neither class for instanceof in this build: its errors are told apart by name.
    const name = (err as Error)?.name;
    if (name === 'PasswordException') throw new PdfError('The PDF is password-protected');
    if (name === 'InvalidPDFException') throw new PdfError(`Not a valid PDF (${(err as Error).message})`);
    if (clock.isPast(limitMs)) throw new PdfError('Reading the PDF took too long');
    throw new PdfError(`The PDF could not be read (${String((err as Error)?.message ?? err).slice(0, 200)})`);
  } finally {
    stopClock();
    await task.destroy().catch(() => {});
  }
}

/** Whether a response's Content-Type says PDF. */
export const isPdf = (contentType: string): boolean => contentType.split(';')[0]!.trim().toLowerCase() === PDF_TYPE;

/** Lines trimmed, runs of spaces collapsed, at most one blank line in a row; no NUL or lone surrogate. */
function tidy(raw: string): string {
  const lines = cleanText(raw)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim());
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "Annual report 2024.pdf" from …/Annual%20report%202024.pdf: the title when the PDF has none. */
function fileName(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}
