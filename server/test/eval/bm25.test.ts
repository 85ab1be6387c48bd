import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bm25Index, loadBm25Index, parseTsvector, questionLexemes } from '../../../eval/bm25.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { seedPages } from '../answer/seed.js';
import { openTestDb } from '../helpers/db.js';

const tf = (o: Record<string, number>) => new Map(Object.entries(o));

describe('the plain BM25 baseline', () => {
  // Lengths 3, 1 and 4: average 8/3. N = 3.
  const index = new Bm25Index([
    { page: 'A', tf: tf({ cat: 2, dog: 1 }) },
    { page: 'A', tf: tf({ fish: 1 }) },
    { page: 'B', tf: tf({ cat: 1, bird: 3 }) },
  ]);
  const okapi = (tfv: number, len: number, df: number) => {
    const idf = Math.log(1 + (3 - df + 0.5) / (df + 0.5));
    return (idf * tfv * 2.2) / (tfv + 1.2 * (0.25 + (0.75 * len) / (8 / 3)));
  };

  it('scores chunks with Okapi BM25, k1 1.2 and b 0.75', () => {
    const scores = index.scoreChunks(['cat', 'bird', 'cat']);
    expect(scores.get(0)).toBeCloseTo(okapi(2, 3, 2), 10);
    expect(scores.get(2)).toBeCloseTo(okapi(1, 4, 2) + okapi(3, 4, 1), 10);
    expect(scores.has(1)).toBe(false);
  });

  it('scores a page by its best chunk, not the sum of its chunks', () => {
    const hits = index.search(['cat', 'fish']);
    const a = Math.max(okapi(2, 3, 2), okapi(1, 1, 1));
    expect(hits.find((h) => h.page === 'A')!.score).toBeCloseTo(a, 10);
    expect(hits.map((h) => h.page)).toEqual(a > okapi(1, 4, 2) ? ['A', 'B'] : ['B', 'A']);
    expect(index.search(['unknown'])).toEqual([]);
  });

  it("reads a tsvector's text form, positions as frequency", () => {
    expect(parseTsvector(`'run':3,7A 'program':2 'it''s':1 'x'`)).toEqual(tf({ run: 2, program: 1, "it's": 1, x: 1 }));
  });

  describe("over a bot's chunks in the database", () => {
    let db: Db;
    let botId: string;
    beforeAll(async () => {
      db = await openTestDb();
      botId = (await insertChatbot(db, { ownerUid: 'owner', name: 'bm25' })).id;
      await seedPages(db, botId, [
        {
          url: 'http://h/install.html',
          title: 'Installing',
          chunks: [{ heading: 'Install', content: 'Install the tool with npm. Running installers is easy.' }],
        },
        {
          url: 'http://h/deploy.html',
          title: 'Deploying',
          chunks: [{ heading: 'Netlify', content: 'Publish the output folder on Netlify.' }],
        },
        { url: 'http://h/old.html', title: 'Old install guide', chunks: [{ content: 'Install install install, the old way.' }] },
      ]);
      const other = (await insertChatbot(db, { ownerUid: 'owner', name: 'other' })).id;
      await seedPages(db, other, [
        { url: 'http://h/other.html', title: 'Install install install', chunks: [{ content: 'install '.repeat(50) }] },
      ]);
      // A page a recrawl is replacing: not live, not indexed.
      await db.query('UPDATE chunks SET live = false WHERE chatbot_id = $1 AND url = $2', [botId, 'http://h/old.html']);
    });
    afterAll(async () => db?.close());

    it("indexes only the bot's live chunks, title and headings included, stemmed by the english configuration", async () => {
      const index = await loadBm25Index(db, botId);
      expect(index.size).toBe(2);
      const lexemes = await questionLexemes(db, 'How do I install it?');
      expect(lexemes).toEqual(['instal']);
      expect(index.search(lexemes).map((h) => h.page)).toEqual(['http://h/install.html']);
      // "Deploying" is only in the title: the title is part of the one field.
      expect(index.search(await questionLexemes(db, 'deploy')).map((h) => h.page)).toEqual(['http://h/deploy.html']);
    });
  });
});
