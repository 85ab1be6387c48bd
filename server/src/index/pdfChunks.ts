import type { PdfPageText } from '../crawl/pdf.js';
import type { NewDocument } from '../db/repositories/documents.js';
import { pdfPageUrl } from '../text/pdfPageLink.js';
import type { MarkdownChunker } from './chunker.js';

/**
 * A PDF's chunks: each page is chunked on its own, so no chunk spans two pages, and every chunk
 * carries its page: heading path "Page N" and the URL `…pdf#page=N`, which retrieval groups and
 * cites as one page of the document (text/pdfPageLink.ts).
 */
export function pdfChunks(chunker: MarkdownChunker, title: string, url: string, pages: PdfPageText[]): NewDocument['chunks'] {
  const chunks: NewDocument['chunks'] = [];
  for (const p of pages) {
    for (const c of chunker.chunk(title, p.text))
      chunks.push({ ordinal: chunks.length, headingPath: `Page ${p.page}`, content: c.content, url: pdfPageUrl(url, p.page) });
  }
  return chunks;
}
