import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlCorpus, type CrawledCorpus } from './support/corpusSite.js';
import { printCoverage, textCoverage } from './support/textCoverage.js';

// The Debian Administrator's Handbook: a DocBook book without <main>, long chapters, a banner and
// Prev/Up/Next bars on every page, and every page's canonical link on debian-handbook.info.
let corpus: CrawledCorpus;

beforeAll(async () => {
  corpus = await crawlCorpus(path.resolve('../shared/corpora/debian-handbook/serve.sh'), 1);
});

afterAll(async () => {
  await corpus?.close();
});

describe("crawling the Debian Administrator's Handbook", () => {
  it('stores all 127 pages under their local URLs, whatever their canonical links say', async () => {
    expect(corpus.result.indexed).toBe(127);
    const docs = await corpus.db.query<{ url: string }>('SELECT url FROM documents WHERE chatbot_id = $1 AND live', [corpus.botId]);
    expect(docs).toHaveLength(127);
    expect(docs.every((d) => d.url.startsWith(`${corpus.origin}/`))).toBe(true);
  });

  it('keeps at least 80% of the non-repeated text of at least 95% of the pages', async () => {
    const report = await textCoverage(corpus);
    printCoverage('Debian Handbook', report, corpus.origin);
    expect(report.share).toBeGreaterThanOrEqual(0.95);
  });

  it('leaves the banner on every page out of the index', async () => {
    const hits = await corpus.db.query('SELECT url FROM chunks WHERE chatbot_id = $1 AND live AND content ILIKE $2', [
      corpus.botId,
      '%Download the ebook%',
    ]);
    expect(hits).toEqual([]);
  });

  it('stores the anchor text of in-links (the table of contents names every page)', async () => {
    const [row] = await corpus.db.query<{ anchor_text: string }>('SELECT anchor_text FROM documents WHERE chatbot_id = $1 AND url = $2', [
      corpus.botId,
      `${corpus.origin}/sect.apt-get.html`,
    ]);
    expect(row!.anchor_text).toMatch(/apt-get/);
    expect(row!.anchor_text).not.toMatch(/^(Next|Prev|Home|Up)$/m);
  });
});
