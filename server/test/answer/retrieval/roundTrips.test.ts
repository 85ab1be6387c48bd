import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import type { Db, Queryable } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { englishWords } from '../../../src/text/englishWords.js';
import { openTestDb } from '../../helpers/db.js';
import { QUILL_SITE, seedPages } from '../seed.js';

/**
 * Issue #40 item 2: the database round trips a question costs (each is what a visitor waits for on
 * a busy server, and on PGlite a hop to the database's worker thread). The retriever is given a door
 * that counts the statements it sends; the answers must still be found. Two: the question's first
 * read (questionRead.ts: the bot's languages, the lexemes, their statistics, which were three
 * statements), then the candidates with their text and their pages' evidence (candidates.ts,
 * SEARCH_SQL: the passages and the head pages' evidence were a trip each). A typing slip costs one
 * more: its candidates are stemmed in JS (spelling.ts), 400 strings a word, too slow to do for
 * every word a site might not use before knowing which it does not (3-7 ms a word, load 15), and
 * ten times slower in the database. A semantic leg's chunks outside the candidates cost one more too
 * (retriever.ts, fillContent and fuseVectors).
 *
 * eval/retrievalBench.ts (Python docs bot grown to 50,000 chunks, 112 questions, both engines,
 * before and after one after the other, load 10-14, 2026-11-28): 5 → 2 trips per question; new-
 * question p95 as a multiple of the plain plainto_tsquery query's in the same run ×11.6 → ×8.2 on
 * PGlite, ×12.3 → ×8.3 on PostgreSQL; new p95 over repeated p95 1.22 → 1.44 and 1.41 → 1.62 (the
 * absolute figures moved with the load: the plain query's own p95 went 50 → 82 ms on PGlite).
 */
let db: Db;
let bot: string;
const sent: string[] = [];
const counting: Queryable = {
  query: (sql, params) => {
    sent.push(sql);
    return db.query(sql, params);
  },
};

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  const filler = Array.from({ length: 30 }, (_, i) => ({
    url: `https://docs.quill.test/changelog/${i}`,
    title: `Release notes ${i}`,
    chunks: [{ content: `Version 1.${i} fixes bugs in the renderer and improves performance of page generation.` }],
  }));
  await seedPages(db, bot, [...QUILL_SITE, ...filler]);
  await englishWords();
});
afterAll(() => db.close());

async function trips(question: string, opts = {}) {
  sent.length = 0;
  const r = await new FullTextRetriever(counting).retrieve(bot, question, opts);
  return {
    trips: sent.length,
    pages: r.pages.map((p) => new URL(p.url).pathname),
    outcome: r.outcome,
    content: r.pages.flatMap((p) => p.chunks.map((c) => c.content)),
  };
}

describe('round trips per question', () => {
  it.each([
    // Five before (the bot's languages, lexemes, statistics, candidates, page evidence); six with a slip.
    ['a plain question', 'How do I install the quill command line tool?', '/install', 2],
    ['a question with a typing slip', 'How do I instlal the quill command line tool?', '/install', 3],
    ['a question in web-search syntax', '"command line" install -windows', '/install', 2],
    ['a one-word question', 'plugins', '/plugins', 2],
  ])('%s costs at most its count', async (_, question, first, most) => {
    const r = await trips(question);
    expect(r.pages[0]).toBe(first);
    expect(r.outcome).toBe('answer');
    // The passages' text came with the candidates.
    expect(r.content.every((c) => c.length > 0)).toBe(true);
    expect(r.trips).toBeLessThanOrEqual(most);
  });

  it('a question the site cannot answer costs no more', async () => {
    const r = await trips('What is the capital of Mongolia?', { keepBelowFloor: true });
    expect(r.outcome).toBe('none');
    expect(r.trips).toBeLessThanOrEqual(2);
  });
});
