import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/src/db/db.js';
import type { PipelineResult } from '../server/src/index/pipeline.js';
import { crawlCorpus, type CrawledCorpus } from './support/corpusSite.js';
import { printCoverage, textCoverage } from './support/textCoverage.js';

let corpus: CrawledCorpus;
let origin: string;
let db: Db;
let botId: string;
let result: PipelineResult;

beforeAll(async () => {
  corpus = await crawlCorpus(path.resolve('../shared/corpora/serve-pydocs.sh'), 2);
  ({ origin, db, botId, result } = corpus);
});

afterAll(async () => {
  await corpus?.close();
});

describe('crawling the Python 3.11 docs (depth 2)', () => {
  it('indexes almost every page reachable within two clicks', async () => {
    // The README counts 517 pages within depth 2; a few are duplicates or errors.
    expect(result.indexed).toBeGreaterThanOrEqual(500);
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE chatbot_id = $1 AND live', [botId]);
    expect(row!.n).toBe(result.indexed);
  });

  it('records the missing changelog as a failed source with its HTTP status', async () => {
    const rows = await db.query<{ status: string; error: string }>('SELECT status, error FROM sources WHERE chatbot_id = $1 AND url = $2', [
      botId,
      `${origin}/whatsnew/changelog.html`,
    ]);
    expect(rows).toEqual([{ status: 'failed', error: 'HTTP 404' }]);
  });

  it('never follows the file:// canonical links', async () => {
    const docs = await db.query<{ url: string }>('SELECT url FROM documents WHERE chatbot_id = $1', [botId]);
    expect(docs.every((d) => d.url.startsWith(`${origin}/`))).toBe(true);
    const sources = await db.query<{ url: string }>('SELECT url FROM sources WHERE chatbot_id = $1', [botId]);
    expect(sources.some((s) => !s.url.startsWith(`${origin}/`))).toBe(false);
  });

  it('finds the right page for a question by full text', async () => {
    const q = `websearch_to_tsquery('english', 'lru_cache maxsize')`;
    const top = await db.query<{ url: string }>(
      `SELECT url FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ ${q} ORDER BY ts_rank_cd(tsv, ${q}) DESC LIMIT 5`,
      [botId],
    );
    expect(top.map((r) => r.url)).toContain(`${origin}/library/functools.html`);
  });

  it('keeps at least 80% of the non-repeated text of at least 95% of the pages', async () => {
    const report = await textCoverage(corpus);
    printCoverage('Python docs', report, origin);
    expect(report.pages.length).toBeGreaterThanOrEqual(400);
    expect(report.share).toBeGreaterThanOrEqual(0.95);
  });
});
