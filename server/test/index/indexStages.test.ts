import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import type { CrawlOutcome } from '../../src/crawl/crawlTypes.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import type { IndexRun } from '../../src/index/indexRun.js';
import { planIndexRun } from '../../src/index/plan.js';
import type { PipelineInput } from '../../src/index/pipelineTypes.js';
import { admit } from '../../src/index/stages/admit.js';
import { chunk } from '../../src/index/stages/chunk.js';
import { record } from '../../src/index/stages/record.js';
import { tally } from '../../src/index/stages/tally.js';
import { openTestDb } from '../helpers/db.js';

/** Each index stage on its own (indexStages.ts), on a real database. */

let db: Db;
let config: Config;

beforeAll(async () => {
  db = await openTestDb();
  config = loadConfig({ LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await db.close();
});

const START = 'https://docs.example.org/';
type Page = Extract<CrawlOutcome, { kind: 'page' }>;
const page = (url: string, over: Partial<Page> = {}): Page => ({
  kind: 'page',
  url,
  depth: 1,
  title: 'Guide',
  markdown: '# Guide\n\nThe gateway reads its settings from a file and reloads them when the file changes.',
  contentHash: randomUUID(),
  aliases: [],
  anchors: [],
  outsideKeys: [],
  ...over,
});

async function newRun(progress: unknown[] = []): Promise<{ run: IndexRun; botId: string }> {
  const bot = await insertChatbot(db, { ownerUid: 'owner-stages' });
  const input: PipelineInput = {
    db,
    config,
    chatbotId: bot.id,
    taskId: randomUUID(),
    mode: { kind: 'crawl', url: START, maxDepth: 2, maxPages: 10 },
    progress: async (p) => void progress.push(p),
  };
  return { run: await planIndexRun(input), botId: bot.id };
}

describe('tally', () => {
  it('counts a request for every outcome but a skip that made none (robots.txt, time limit)', async () => {
    const { run } = await newRun();
    tally({ kind: 'skipped', url: START, reason: 'Blocked by robots.txt', notFetched: true }, run);
    tally({ kind: 'failed', url: START, reason: 'HTTP 500', errorKind: 'http_status' }, run);
    expect(run.counts.fetched).toBe(1);
    expect(run.sinceReport).toBe(2);
  });
});

describe('admit', () => {
  it("collects a page's link texts for the pages it links to, and leaves a PDF's text as it is", async () => {
    const { run } = await newRun();
    const out = admit(page(START, { anchors: [{ url: `${START}install.html`, text: 'Installing the gateway' }] }), run) as Page;
    expect(out.markdown).toContain('The gateway reads its settings');
    expect(run.anchors.textFor([`${START}install.html`])).toContain('Installing the gateway');
    const pdf = page(`${START}manual.pdf`, { markdown: 'Page one text', pdfPages: [{ page: 1, text: 'Page one text' }] });
    expect(admit(pdf, run)).toBe(pdf);
    expect([...run.storedUrls.keys()]).toEqual([START, `${START}manual.pdf`]);
  });
});

describe('chunk', () => {
  it('indexes a page into searchable chunks', async () => {
    const { run, botId } = await newRun();
    await chunk(page(`${START}guide.html`), run);
    await run.indexer.flush();
    const rows = await db.query<{ url: string; n: number }>(
      'SELECT d.url, count(c.id)::int AS n FROM documents d JOIN chunks c ON c.document_id = d.id WHERE d.chatbot_id = $1 GROUP BY d.url',
      [botId],
    );
    expect(rows).toEqual([{ url: `${START}guide.html`, n: expect.any(Number) }]);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('record', () => {
  it('counts each outcome, keeps why the start URL failed, and writes the sources with the progress', async () => {
    const progress: unknown[] = [];
    const { run, botId } = await newRun(progress);
    await record({ kind: 'failed', url: START, reason: 'HTTP 503', errorKind: 'http_status' }, run);
    await record(page(`${START}guide.html`), run);
    await run.report(true);
    expect(run.startFailure).toEqual({ reason: 'HTTP 503', kind: 'http_status' });
    expect(progress.at(-1)).toMatchObject({ indexed: 1, failed: 1 });
    const sources = await db.query<{ url: string; status: string }>('SELECT url, status FROM sources WHERE chatbot_id = $1 ORDER BY url', [
      botId,
    ]);
    expect(sources).toEqual([
      { url: START, status: 'failed' },
      { url: `${START}guide.html`, status: 'indexed' },
    ]);
  });
});
