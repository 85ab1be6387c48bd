import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/src/api/types.js';
import { newVisitorId } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { buildCrawlApp, crawlNewBot } from '../helpers/crawlApp.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';
import { tinyPdf } from '../fixtures/tinyPdf.js';

/**
 * A real local site whose pages link to PDFs, crawled by the real app and worker (PDFs read in the
 * extraction worker threads): the PDFs' text is searchable and cited with page numbers, and
 * hostile or refused PDFs fail only themselves.
 */
const pdf = (body: Buffer) => ({ type: 'application/pdf', body });
const manual = tinyPdf(
  [
    ['Widget Manual', 'Chapter one explains unpacking the widget and checking the parts list.'],
    ['Calibration', 'The frobnicator calibration needs a torque of seventeen newton metres.', 'Tighten the calibration bolt slowly.'],
  ],
  { title: 'Widget Manual' },
);
const MAX_BYTES = 300_000;

let site: FixtureSite;
let crawl: Awaited<ReturnType<typeof buildCrawlApp>>;
let botId: string;

beforeAll(async () => {
  site = await startSite((origin) => ({
    '/': {
      html: `<!doctype html><html><head><title>Widgets</title></head><body><main><h1>Widgets</h1>
        <p>Everything about widgets, with manuals to download for every model we sell.</p>
        <a href="/docs/guide.html">Guide</a> <a href="/docs/manual.pdf">Manual (PDF)</a> <a href="/files/report">Yearly report</a>
        <a href="/docs/broken.pdf">Broken</a> <a href="/docs/locked.pdf">Locked</a> <a href="/docs/big.pdf">Big</a>
        <a href="/docs/away.pdf">Moved</a></main></body></html>`,
    },
    '/docs/guide.html': {
      html: '<main><h1>Guide</h1><p>The guide explains how widgets are assembled, step by step, for new owners.</p></main>',
    },
    '/docs/manual.pdf': pdf(manual),
    // No .pdf in the URL: the Content-Type says what it is.
    '/files/report': pdf(tinyPdf([['Yearly report', 'Sales of blue widgets doubled this year.']])),
    '/docs/broken.pdf': pdf(Buffer.from('%PDF-1.7\nthis is not really a PDF, only its first line')),
    '/docs/locked.pdf': pdf(tinyPdf([['Secret plans']], { passwordProtected: true })),
    '/docs/big.pdf': pdf(tinyPdf(Array.from({ length: 1200 }, (_, i) => [`Page ${i + 1}`]))),
    '/docs/away.pdf': { redirect: `http://127.0.0.2:${new URL(origin).port}/docs/manual.pdf` },
  }));
  crawl = await buildCrawlApp({ CRAWL_ALLOW_HOSTS: site.host, CRAWL_MAX_BYTES: String(MAX_BYTES) });
  const auth = { authorization: `Bearer ${await idTokenFor('pdf-owner@example.com')}` };
  // A 1,200-page PDF among the pages: 30 s was not enough beside the rest of the suite on 2 cores.
  botId = await crawlNewBot(crawl.t, auth, `${site.origin}/`, { max_depth: 2, max_pages: 20 }, 90_000);
});
afterAll(async () => {
  await crawl?.close();
  await site?.close();
});

const sources = () =>
  crawl.t.db.query<{ url: string; status: string; title: string | null; error: string | null }>(
    'SELECT url, status, title, error FROM sources WHERE chatbot_id = $1',
    [botId],
  );
const sourceOf = async (path: string) => (await sources()).find((s) => s.url === `${site.origin}${path}`);

describe('PDF links on a crawled site', () => {
  it('are fetched and indexed as pages, titled from their metadata or file name', async () => {
    const manualSource = await sourceOf('/docs/manual.pdf');
    // The row in the message: a CI log keeps the assertion's first line only.
    expect(manualSource, JSON.stringify(manualSource)).toMatchObject({ status: 'indexed', title: 'Widget Manual', error: null });
    expect(await sourceOf('/files/report')).toMatchObject({ status: 'indexed', title: 'report', error: null });
    expect(await sourceOf('/docs/guide.html')).toMatchObject({ status: 'indexed' });
    const docs = await crawl.t.db.query<{ url: string; content: string }>(
      'SELECT url, content FROM documents WHERE chatbot_id = $1 AND live AND url LIKE $2',
      [botId, '%manual.pdf'],
    );
    expect(docs).toHaveLength(1); // one document per PDF; its chunks carry the pages
    expect(docs[0]!.content).toContain('seventeen newton metres');
  });

  it('makes their text searchable, each chunk on its page', async () => {
    const hits = await crawl.t.db.query<{ url: string; heading_path: string }>(
      `SELECT url, heading_path FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ websearch_to_tsquery('english', 'frobnicator torque')`,
      [botId],
    );
    expect(hits).toEqual([{ url: `${site.origin}/docs/manual.pdf#page=2`, heading_path: 'Page 2' }]);
  });

  it('cites the PDF page that answers a question, by page number', async () => {
    const visitor = newVisitorId();
    const conv = await crawl.t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${botId}/conversations`,
      payload: { title: 'PDF', visitor_id: visitor },
    });
    expect(conv.statusCode).toBe(201);
    const res = await crawl.t.app.inject({
      method: 'POST',
      url: `/api/v1/chatbots/${botId}/conversations/${conv.json().data.id}/messages`,
      payload: { content: 'What torque does the frobnicator calibration need?', visitor_id: visitor },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data.assistant_message as Message;
    expect(answer.content).toContain('seventeen newton metres');
    expect(answer.sources[0]).toMatchObject({ url: `${site.origin}/docs/manual.pdf#page=2`, title: 'Widget Manual, page 2' });
  });

  it('fails a hostile or refused PDF alone, with the reason, under the same fetch rules as pages', async () => {
    expect(await sourceOf('/docs/broken.pdf')).toMatchObject({
      status: 'failed',
      error: 'Could not extract content: Not a valid PDF (Invalid PDF structure.)',
    });
    expect(await sourceOf('/docs/locked.pdf')).toMatchObject({
      status: 'failed',
      error: 'Could not extract content: The PDF is password-protected',
    });
    expect((await sourceOf('/docs/big.pdf'))!.error).toMatch(/^Too large \(.*limit 300000\)|^Too large \(more than 300000 bytes\)/);
    expect((await sourceOf('/docs/away.pdf'))!.error).toMatch(/^Refused: 127\.0\.0\.2 is a private address/);
    expect(site.hits.get('/docs/big.pdf')).toBe(1);
  });
});
