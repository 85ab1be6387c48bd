import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractPool } from '../../src/crawl/extractPool.js';
import { ExtractTimeoutError, type Extractor } from '../../src/crawl/extractor.js';
import { extractPdf, MAX_PDF_PAGES } from '../../src/crawl/pdf.js';
import { tinyPdf } from '../fixtures/tinyPdf.js';
import { inlineExtractor } from '../helpers/inlineExtractor.js';

const URL_ = 'https://docs.example.test/files/Widget%20manual.pdf';
const manual = tinyPdf(
  [
    ['Widget manual', 'Chapter one: unpacking the widget.'],
    ['Calibration', 'The frobnicator needs a torque of   seventeen newton metres.'],
    [], // a blank page: no text, no entry
    ['Index (see also: torque)'],
  ],
  { title: 'Widget Manual' },
);
/** Real pages, each with its own text: more than the limit, or enough to take PDF.js a while. */
const manyPages = (n: number) => tinyPdf(Array.from({ length: n }, (_, i) => [`Page ${i + 1} of a long report.`]));

describe('PDF text extraction (PDF.js)', () => {
  it('reads the text page by page, with the metadata title', async () => {
    const page = await extractPdf(manual, URL_);
    expect(page.title).toBe('Widget Manual');
    expect(page.method).toBe('pdf');
    expect(page.pdfPages).toEqual([
      { page: 1, text: 'Widget manual\nChapter one: unpacking the widget.' },
      { page: 2, text: 'Calibration\nThe frobnicator needs a torque of seventeen newton metres.' },
      { page: 4, text: 'Index (see also: torque)' },
    ]);
    expect(page.markdown).toBe(page.pdfPages!.map((p) => p.text).join('\n\n'));
    expect(page.links).toEqual([]);
  });

  it('takes the file name as the title when the PDF has none', async () => {
    expect((await extractPdf(tinyPdf([['Some text']]), URL_)).title).toBe('Widget manual.pdf');
  });

  it('cuts the text at the same cap as an HTML page', async () => {
    const page = await extractPdf(manyPages(50), URL_, { maxChars: 100 });
    expect(page.markdown.length).toBeLessThanOrEqual(100);
    expect(page.pdfPages!.length).toBeLessThan(50);
  });

  it('fails hostile PDFs with a reason an owner can read', async () => {
    await expect(extractPdf(Buffer.from('<html>not a pdf at all</html>'), URL_)).rejects.toThrow(
      'Not a valid PDF (Invalid PDF structure.)',
    );
    await expect(extractPdf(new Uint8Array(0), URL_)).rejects.toThrow(/^Not a valid PDF \(The PDF file is empty/);
    await expect(extractPdf(manual.subarray(0, 200), URL_)).rejects.toThrow(/^(Not a valid PDF|The PDF could not be read)/);
    await expect(extractPdf(tinyPdf([['secret']], { passwordProtected: true }), URL_)).rejects.toThrow('The PDF is password-protected');
    await expect(extractPdf(manyPages(MAX_PDF_PAGES + 1), URL_)).rejects.toThrow(
      `The PDF has ${MAX_PDF_PAGES + 1} pages (the limit is ${MAX_PDF_PAGES})`,
    );
  });

  it('gives up on a PDF that takes longer than its time limit', async () => {
    await expect(extractPdf(manyPages(1500), URL_, { timeoutMs: 1 })).rejects.toThrow('Reading the PDF took too long');
  });
});

describe('PDFs in the extraction pool (worker threads)', () => {
  let pool: Extractor;
  beforeAll(async () => {
    // A generous limit: a cold worker at the lowest CPU priority took 5 s on a loaded machine; no time limit is tested here.
    pool = await createExtractPool({ threads: 1, jobTimeoutMs: 20_000 });
  });
  afterAll(() => pool.close());

  it('reads a PDF off the main thread, and a broken one fails only itself', async () => {
    const [good, broken, html] = await Promise.allSettled([
      pool.extractPdf(manual, URL_),
      pool.extractPdf(Buffer.from('%PDF-1.7\n garbage'), URL_),
      pool.extract(
        '<main><h1>After</h1><p>An HTML page queued behind the PDFs is still extracted.</p></main>',
        'https://docs.example.test/after',
      ),
    ]);
    expect(good.status === 'fulfilled' && good.value.pdfPages?.map((p) => p.page)).toEqual([1, 2, 4]);
    expect(broken.status === 'rejected' && String(broken.reason.message)).toMatch(/^(Not a valid PDF|The PDF could not be read)/);
    expect(html.status === 'fulfilled' && html.value.title).toBe('After');
  });

  it('stops a PDF that runs past the time limit, replaces the worker and carries on', async () => {
    // Reading 2,000 pages takes PDF.js seconds here; the PDFs' limit is a fraction of that. HTML
    // keeps a generous limit: the replacement worker's first page (cold, parsed at the lowest CPU
    // priority) took more than 400 ms on a loaded machine, and that is not what is tested here.
    const quick = await createExtractPool({ threads: 1, jobTimeoutMs: 20_000, pdfTimeoutMs: 400 });
    try {
      await expect(quick.extractPdf(manyPages(MAX_PDF_PAGES), URL_)).rejects.toBeInstanceOf(ExtractTimeoutError);
      const next = await quick.extract(
        '<main><h1>Next</h1><p>The replacement worker serves the next page.</p></main>',
        'https://docs.example.test/next',
      );
      expect(next.title).toBe('Next');
    } finally {
      await quick.close();
    }
  });

  it('the in-thread test extractor reads PDFs too', async () => {
    const page = await inlineExtractor().extractPdf(manual, URL_);
    expect(page.title).toBe('Widget Manual');
  });
});
