import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever, fuseRankings, parseTsvector } from '../../src/answer/retriever.js';
import { quoteLexeme } from '../../src/answer/queryText.js';
import { reciprocalRankFusion } from '../../src/answer/scoring.js';
import type { RetrievedChunk } from '../../src/answer/types.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { openTestDb } from '../helpers/db.js';
import { QUILL_SITE, seedPages } from './seed.js';

let db: Db;
let bot: string;
let otherBot: string;
let retriever: FullTextRetriever;

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  otherBot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, QUILL_SITE);
  // Another bot's page that would match perfectly must never leak into this bot's answers.
  await seedPages(db, otherBot, [
    { url: 'https://other.test/secret', title: 'Install secret', chunks: [{ content: 'How to install Quill secretly: install install install.' }] },
  ]);
  // Filler from the same site so term statistics look like a real corpus.
  const filler = Array.from({ length: 40 }, (_, i) => ({
    url: `https://docs.quill.test/changelog/${i}`,
    title: `Release notes ${i}`,
    chunks: [{ content: `Version 1.${i} fixes bugs in the renderer and improves performance of page generation. Thanks to contributors.` }],
  }));
  await seedPages(db, bot, filler);
  retriever = new FullTextRetriever(db);
});
afterAll(() => db.close());

const paths = (r: { pages: { url: string }[] }) => r.pages.map((p) => new URL(p.url).pathname);

describe('full-text retrieval', () => {
  it('finds the page that answers a natural-language question first', async () => {
    const r = await retriever.retrieve(bot, 'How do I install the quill command line tool?');
    expect(r.covered).toBe(true);
    expect(paths(r)[0]).toBe('/install');
  });

  it('falls back to OR when not every word matches, ranking rare words above common ones', async () => {
    // "darkest" and "appearance" appear nowhere; the AND query finds nothing.
    const r = await retriever.retrieve(bot, 'Can I switch the appearance to the dark theme?');
    expect(r.covered).toBe(true);
    expect(paths(r)[0]).toBe('/faq');
  });

  it('weights titles and headings above body text', async () => {
    const r = await retriever.retrieve(bot, 'plugins');
    expect(paths(r)[0]).toBe('/plugins');
  });

  it('returns distinct pages, best first, with at most two chunks each', async () => {
    const r = await retriever.retrieve(bot, 'quill.toml settings theme output plugins', { pages: 5, chunksPerPage: 2 });
    expect(new Set(paths(r)).size).toBe(r.pages.length);
    for (const p of r.pages) expect(p.chunks.length).toBeLessThanOrEqual(2);
    for (let i = 1; i < r.pages.length; i++) expect(r.pages[i - 1]!.score).toBeGreaterThanOrEqual(r.pages[i]!.score);
  });

  it('only searches the asked bot and only live chunks', async () => {
    const r = await retriever.retrieve(bot, 'install secretly');
    expect(r.pages.every((p) => p.url.startsWith('https://docs.quill.test/'))).toBe(true);
    await db.query(`UPDATE chunks SET live = false WHERE url = 'https://docs.quill.test/deploy'`);
    const hidden = await retriever.retrieve(bot, 'deploy static web host upload output folder');
    expect(paths(hidden)).not.toContain('/deploy');
    await db.query(`UPDATE chunks SET live = true WHERE url = 'https://docs.quill.test/deploy'`);
  });

  it('says "not covered" for questions about something else', async () => {
    for (const q of [
      'What is a good hydration ratio for sourdough bread?',
      'How do I deploy my app to Heroku with Kubernetes?',
      'Who won the football world cup in 1998?',
    ]) {
      const r = await retriever.retrieve(bot, q);
      expect(r.covered, q).toBe(false);
      expect(r.pages).toEqual([]);
    }
  });

  it('never fails on hostile or odd input', async () => {
    const hostile = [
      "'; DROP TABLE chunks; --",
      'foo:* & !bar | (baz) <-> qux',
      'a\\b\\\\c \' " `',
      '((((((((',
      '!!!',
      ':',
      '&|!()',
      'the and of a',
      '',
      '   ',
      'x'.repeat(20_000),
      'null\u0000byte in text',
      '"unterminated phrase',
      '-excluded -words only',
      'quill OR "static site" -plugin',
      '🙂 émoji ünïcode 漢字',
    ];
    for (const q of hostile) {
      const r = await retriever.retrieve(bot, q);
      expect(Array.isArray(r.pages), q.slice(0, 30)).toBe(true);
    }
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks'))[0]!.n).toBeGreaterThan(0);
  });

  it('honours web-search syntax: a quoted phrase', async () => {
    const r = await retriever.retrieve(bot, '"static web host"');
    expect(paths(r)[0]).toBe('/deploy');
  });

  it('uses the GIN index for candidates on a large bot', async () => {
    const big = (await insertChatbot(db, { ownerUid: 'o' })).id;
    await db.query(`INSERT INTO documents (id, chatbot_id, url, title, content, content_hash) VALUES (gen_random_uuid(), $1, 'https://big.test/', 'Big', '', 'h')`, [big]);
    // 20,000 chunks written by SQL: the planner must pick the GIN index over scanning them.
    await db.query(
      `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content)
       SELECT (SELECT id FROM documents WHERE chatbot_id = $1 LIMIT 1), $1, i, 'https://big.test/' || (i % 2000), 'Page ' || (i % 2000), '',
              'chunk ' || i || ' ' || (ARRAY['alpha','bravo','charlie','delta','echo','foxtrot','golf','hotel','india','juliet'])[1 + i % 10]
              || ' filler text about things number ' || i
         FROM generate_series(0, 19999) AS i`,
      [big],
    );
    await db.query('VACUUM ANALYZE chunks'); // what the indexer does after a crawl (PGlite has no autovacuum)
    const plan = await db.query<Record<string, string>>(
      `EXPLAIN SELECT id FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ $2::tsquery
        ORDER BY ts_rank_cd(tsv, $2::tsquery, 1) DESC LIMIT 100`,
      [big, quoteLexeme('1234')],
    );
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('chunks_tsv_idx');
    const r = await retriever.retrieve(big, 'chunk 1234 foxtrot');
    expect(r.pages[0]?.url).toBe('https://big.test/1234');
  });
});

describe('ranking helpers', () => {
  it('parses the text form of a tsvector, quotes and weights included', () => {
    const hits = parseTsvector(`'dump':2A,7 'it''s':3C 'json':1A,3B,9 'other':4`, new Set(['json', "it's", 'dump']));
    expect(hits.get('json')).toEqual({ positions: [1, 3, 9], weights: ['A', 'B', 'D'] });
    expect(hits.get("it's")).toEqual({ positions: [3], weights: ['C'] });
    expect(hits.has('other')).toBe(false);
  });

  it('fuses full-text and vector rankings by reciprocal rank', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'a', 'd'],
    ]);
    const order = [...fused.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id);
    expect(order.slice(0, 2)).toEqual(['a', 'c']); // in both lists near the top
    expect(order).toContain('d'); // found by vectors alone still takes part
    const chunk = (id: string): RetrievedChunk => ({ id, url: `u${id}`, title: '', headingPath: '', content: '', score: 0, phrase: 0, coverage: 1, matched: [] });
    const byId = new Map(['a', 'b', 'c', 'd'].map((id) => [id, chunk(id)]));
    expect(fuseRankings(['a', 'b', 'c'], ['c', 'a', 'd'], byId).map((c) => c.id)).toEqual(['a', 'c', 'b', 'd']);
  });
});
