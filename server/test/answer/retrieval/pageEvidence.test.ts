import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageScores } from '../../../src/answer/retrieval/pageEvidence.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import { readTermStats } from '../../../src/db/repositories/termStats.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { seedPages, type SeedPage } from '../seed.js';

let db: Db;
let bot: string;
let otherBot: string;

const SITE = 'https://reports.test';
const filler = (i: number) =>
  `Release ${i} improves the dashboard layout, fixes chart colours and speeds up loading of the team overview for larger accounts.`;

/**
 * A changelog page mentions exporting a report as a spreadsheet in one strong passage among many
 * unrelated ones; the export guide explains it across its whole text, but no single passage of it
 * has every word of the question.
 */
const PAGES: SeedPage[] = [
  {
    url: `${SITE}/changelog`,
    title: 'Changelog',
    chunks: [
      { heading: 'Release 40 > Spreadsheet export', content: 'You can now export any report as a spreadsheet from the sharing menu.' },
      ...Array.from({ length: 12 }, (_, i) => ({ heading: `Release ${i}`, content: filler(i) })),
    ],
  },
  {
    url: `${SITE}/guide/exporting`,
    title: 'Guide',
    chunks: [
      { heading: 'Exporting', content: 'Open the report you want and choose Export. The report keeps its filters when exported.' },
      { heading: 'Formats', content: 'Spreadsheet files come as XLSX or CSV. Pick the spreadsheet format your tools read.' },
      { heading: 'Columns', content: 'Exported spreadsheet columns keep the order you gave them.' },
    ],
  },
  ...Array.from({ length: 30 }, (_, i) => ({
    url: `${SITE}/help/${i}`,
    title: `Help topic ${i}`,
    chunks: [{ content: `Topic ${i}: invite teammates, manage dashboard permissions and rename projects from settings.` }],
  })),
];

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  otherBot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, PAGES);
});
afterAll(() => db.close());

const paths = (r: { pages: { url: string }[] }) => r.pages.map((p) => new URL(p.url).pathname);

describe('page-level evidence', () => {
  it('ranks the page about the question above a page with one lucky passage', async () => {
    const r = await new FullTextRetriever(db).retrieve(bot, 'How do I export a report as a spreadsheet?');
    expect(r.covered).toBe(true);
    expect(paths(r).slice(0, 2)).toEqual(['/guide/exporting', '/changelog']);
  });

  it('scores whole pages by BM25 over their text: repeated words count, long pages are normalised', async () => {
    const { terms } = await new FullTextRetriever(db).retrieve(bot, 'export report spreadsheet', { keepBelowFloor: true });
    const avg = (await readTermStats(db, bot, [])).meanPageLength;
    const scores = await pageScores(db, bot, terms, [`${SITE}/guide/exporting`, `${SITE}/changelog`, `${SITE}/help/1`], avg);
    expect(scores.get(`${SITE}/guide/exporting`)).toBeGreaterThan(scores.get(`${SITE}/changelog`)!);
    // A page with none of the words has no score at all.
    expect(scores.has(`${SITE}/help/1`)).toBe(false);
  });

  it("reads only the asked bot's live pages", async () => {
    const url = `${SITE}/guide/exporting`;
    await seedPages(db, otherBot, [{ url, title: 'Other', chunks: [{ content: 'export report spreadsheet '.repeat(50) }] }]);
    const docId = randomUUID();
    await db.query(
      `INSERT INTO documents (id, chatbot_id, live, url, title, content, content_hash) VALUES ($1, $2, false, $3, 'Next crawl', $4, 'h')`,
      [docId, bot, `${SITE}/help/2`, 'export report spreadsheet '.repeat(50)],
    );
    const { terms } = await new FullTextRetriever(db).retrieve(bot, 'export report spreadsheet', { keepBelowFloor: true });
    const mine = await pageScores(db, bot, terms, [url, `${SITE}/help/2`], 100);
    const theirs = await pageScores(db, otherBot, terms, [url], 100);
    expect([...mine.keys()]).toEqual([url]);
    expect(theirs.get(url)).toBeGreaterThan(mine.get(url)!);
    await db.query('DELETE FROM documents WHERE id = $1', [docId]);
  });

  it('indexes a huge page without failing, bounded to its first 200,000 characters', async () => {
    // Distinct made-up words would overflow tsvector's 1 MB limit if the whole text were indexed.
    const words = Array.from({ length: 120_000 }, (_, i) => `w${i.toString(36)}x${(i * 7919).toString(36)}`).join(' ');
    // (Its chunks, at most a thousand characters each, are not the question here.)
    await db.query(`INSERT INTO documents (id, chatbot_id, url, title, content, content_hash) VALUES ($1, $2, $3, 'Huge', $4, 'h')`, [
      randomUUID(),
      otherBot,
      `${SITE}/huge`,
      words,
    ]);
    const [row] = await db.query<{ len: number; chars: number }>(
      `SELECT tsv_len AS len, length(content) AS chars FROM documents WHERE chatbot_id = $1 AND url = $2`,
      [otherBot, `${SITE}/huge`],
    );
    expect(row!.chars).toBeGreaterThan(1_000_000);
    expect(row!.len).toBeGreaterThan(10_000);
    expect(row!.len).toBeLessThan(20_000);
  });
});
