import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { MemoryVectorIndex } from '../../src/embeddings/memoryIndex.js';
import { vectorStoreFor } from '../../src/embeddings/store.js';
import { openTestDb } from '../helpers/db.js';

const DIMS = 512;
function unit(rand: () => number, base?: Float32Array, noise = 1): Float32Array {
  const v = new Float32Array(DIMS);
  let n = 0;
  for (let i = 0; i < DIMS; i++) n += (v[i] = (base ? base[i]! : 0) + noise * (rand() - 0.5)) ** 2;
  for (let i = 0; i < DIMS; i++) v[i]! /= Math.sqrt(n);
  return v;
}
/** A plain loop: reduce's callback made the exact scan (200,000 products of 512) take 10 s. */
function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < DIMS; i++) s += a[i]! * b[i]!;
  return s;
}
const seeded = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

describe('in-memory vector search', () => {
  let db: Db;
  let bot: string;
  const vectors: Float32Array[] = [];
  let ids: string[] = [];
  const rand = seeded(42);

  beforeAll(async () => {
    db = await openTestDb();
    bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
    const doc = (
      await db.query<{ id: string }>(
        `INSERT INTO documents (id, chatbot_id, url, title, content, content_hash) VALUES (gen_random_uuid(), $1, 'https://x.test/', 't', 'c', 'h') RETURNING id`,
        [bot],
      )
    )[0]!.id;
    // 10,000 chunks: past the size where the projected first pass is used.
    ids = (
      await db.query<{ id: string }>(
        `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, content) SELECT $1, $2, g, 'https://x.test/', 'c' FROM generate_series(1, 10000) g RETURNING id::text AS id`,
        [doc, bot],
      )
    ).map((r) => r.id);
    // Clustered, as text embeddings are (pages about one topic lie together): 100 topics.
    const topics = Array.from({ length: 100 }, () => unit(rand));
    for (let i = 0; i < ids.length; i++) vectors.push(unit(rand, topics[i % 100], 0.08));
    const store = await vectorStoreFor(db);
    for (let i = 0; i < ids.length; i += 1000) await store.insert(db, bot, 'm', ids.slice(i, i + 1000), vectors.slice(i, i + 1000));
  }, 120_000);
  afterAll(() => db.close());

  it('finds the same nearest chunks as an exact scan', async () => {
    const index = new MemoryVectorIndex(db);
    let agree = 0;
    const queries = 20;
    for (let q = 0; q < queries; q++) {
      const target = Math.floor(rand() * ids.length);
      const query = unit(rand, vectors[target], 0.02);
      const exact = vectors
        .map((v, i) => ({ id: ids[i]!, s: dot(v, query) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 10);
      const found = await index.search(bot, 'm', query, 10);
      expect(found[0]!.id).toBe(ids[target]);
      expect(found[0]!.similarity).toBeCloseTo(exact[0]!.s, 4);
      agree += found.filter((h) => exact.some((e) => e.id === h.id)).length;
    }
    expect(agree / (queries * 10)).toBeGreaterThanOrEqual(0.9);
  });

  it('sees new vectors once its short check interval has passed, and only the asked model', async () => {
    let clock = 0;
    const index = new MemoryVectorIndex(db, () => clock);
    const query = unit(rand);
    expect(await index.search(bot, 'other-model', query, 5)).toEqual([]);
    await (await vectorStoreFor(db)).insert(db, bot, 'm', [ids[0]!], [query]);
    clock += 60_000;
    const [best] = await index.search(bot, 'm', query, 5);
    expect(best).toMatchObject({ id: ids[0] });
    expect(best!.similarity).toBeCloseTo(1, 4);
  });
});
