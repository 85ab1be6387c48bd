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
 * that counts the statements it sends; the answers must still be found. Today: the bot's language,
 * the question's lexemes, their statistics (a slip's correction one more), the candidates with
 * their text (candidates.ts, SEARCH_SQL: the answer's passages were a trip of their own), and the
 * head pages' evidence. The goal is two: the first three reads are the question analysis's
 * (language/queryConfig.ts, queryAnalysis.ts, spelling.ts) and still go one by one; page evidence
 * needs the ranking done in between (reading every candidate's page with the candidates cost more
 * than the trip it saved, candidates.ts).
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
    // Five before the question's first read was one statement: the bot's languages, the lexemes and
    // their statistics were three.
    ['a plain question', 'How do I install the quill command line tool?', '/install', 3],
    ['a question with a typing slip', 'How do I instlal the quill command line tool?', '/install', 4],
    ['a question in web-search syntax', '"command line" install -windows', '/install', 3],
    ['a one-word question', 'plugins', '/plugins', 3],
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
    expect(r.trips).toBeLessThanOrEqual(3);
  });
});
