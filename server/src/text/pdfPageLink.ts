/**
 * How a passage of a PDF is cited: the PDF's URL with `#page=N`, which browsers' PDF viewers
 * honour (RFC 8118), and its title with the page number. Crawled HTML pages never carry a
 * fragment (crawl/urls.ts drops it), so a `#page=N` on a chunk's URL always means a PDF page.
 */
const PAGE_FRAGMENT = /#page=(\d{1,7})$/;

export const pdfPageUrl = (url: string, page: number): string => `${url}#page=${page}`;

/** The page a chunk URL points at, if it is a PDF page's. */
export function pdfPageOf(url: string): number | undefined {
  const m = PAGE_FRAGMENT.exec(url);
  return m ? Number(m[1]) : undefined;
}

/** The document's URL (the PDF's own, without the page). */
export const documentUrl = (url: string): string => url.replace(PAGE_FRAGMENT, '');

/** "Annual report, page 3" for a PDF page; other titles unchanged. */
export function citedTitle(title: string, url: string): string {
  const page = pdfPageOf(url);
  return page === undefined ? title : `${title}, page ${page}`;
}
