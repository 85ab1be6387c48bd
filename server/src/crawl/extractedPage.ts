import type { PdfPageText } from './pdf.js';

/**
 * What extraction makes of a page, and the plain-text extraction that needs no HTML parser: kept
 * apart from extract.ts so that the main thread, which extracts only plain text (HTML goes to the
 * extraction workers), does not load the parsers (linkedom alone took 0.6-1.7 s to load).
 */
export interface ExtractedPage {
  title: string;
  markdown: string;
  /** Normalised absolute http(s) links, resolved against <base href> when present. */
  links: string[];
  /** The same links with their visible text (first occurrence of each url/text pair), for anchor-text ranking. */
  anchors: PageAnchor[];
  /** Raw canonical link, resolved; the caller decides whether to honour it. */
  canonical?: string;
  /** <meta name="robots"> asks not to index / not to follow. */
  noindex: boolean;
  nofollow: boolean;
  /** Keys of the page's lines left out of `markdown` (lineKeys.ts), for site-level boilerplate counts. */
  outsideKeys: number[];
  /** No text, but scripts: the page builds its text in the browser, which the crawler does not run. */
  scriptBuilt?: boolean;
  /** How the content was chosen (diagnostics and tests). */
  method: 'declared' | 'readability' | 'body' | 'text' | 'pdf';
  /** A PDF's text page by page (pdf.ts); `markdown` is the pages joined. Chunks cite their page. */
  pdfPages?: PdfPageText[];
}

export interface PageAnchor {
  url: string;
  text: string;
}

export interface ExtractOptions {
  /** Above this HTML size Readability is not run (a 2.5 MB index page takes it seconds). */
  readabilityMaxChars?: number;
  /** Markdown beyond this is cut (giant pages would swamp a bot's index). */
  maxMarkdownChars?: number;
  /** Skip content extraction, links only (URL collection). */
  linksOnly?: boolean;
}

/** Plain-text pages: the text is the content; the first non-empty line is the title. */
export function extractText(text: string, opts: ExtractOptions = {}): ExtractedPage {
  const cap = opts.maxMarkdownChars ?? 400_000;
  // On the event loop: only what can be kept is normalised (split/join; a regex took 0.4 s on 5 MB).
  const head = text.trimStart().slice(0, 2 * cap);
  const body = head.split('\r\n').join('\n').split('\r').join('\n').trimEnd();
  const title = cleanLine(/\S[^\n]*/.exec(body)?.[0] ?? '').slice(0, 200);
  return { title, markdown: body.slice(0, cap), links: [], anchors: [], outsideKeys: [], noindex: false, nofollow: false, method: 'text' };
}

const cleanLine = (s: string) => s.replace(/\s+/g, ' ').trim();
