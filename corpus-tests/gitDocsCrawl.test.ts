import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlCorpus, type CrawledCorpus } from './support/corpusSite.js';
import { printCoverage, textCoverage } from './support/textCoverage.js';

// The Git 2.39 docs: asciidoc pages without <main>, and one huge user manual.
let corpus: CrawledCorpus;

beforeAll(async () => {
  corpus = await crawlCorpus(path.resolve('../shared/corpora/git/serve.sh'), 2);
});

afterAll(async () => {
  await corpus?.close();
});

describe('crawling the Git docs (depth 2)', () => {
  it('indexes the pages reachable within two clicks', async () => {
    // The README counts 218 files within depth 2; index.html and git.html are one document.
    expect(corpus.result.indexed).toBeGreaterThanOrEqual(210);
  });

  it('keeps at least 80% of the non-repeated text of at least 95% of the pages', async () => {
    const report = await textCoverage(corpus);
    printCoverage('Git docs', report, corpus.origin);
    expect(report.share).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps the whole user manual, down to its last chapters', async () => {
    const [row] = await corpus.db.query<{ content: string }>('SELECT content FROM documents WHERE chatbot_id = $1 AND url = $2', [
      corpus.botId,
      `${corpus.origin}/user-manual.html`,
    ]);
    expect(row!.content.length).toBeGreaterThan(150_000);
    expect(row!.content).toMatch(/Git Glossary/);
  });
});
