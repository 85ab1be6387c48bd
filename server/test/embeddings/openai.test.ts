import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../eval/fakeEmbeddings.js';
import { openAiEmbeddings } from '../../src/provider/embeddings.js';
import { EmbeddingError } from '../../src/embeddings/provider.js';

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('OpenAI-compatible embeddings', () => {
  let fake: FakeEmbeddings;
  beforeAll(async () => {
    fake = await startFakeEmbeddings();
  });
  afterAll(() => fake.close());
  const client = (over: Partial<Parameters<typeof openAiEmbeddings>[0]> = {}) =>
    openAiEmbeddings({
      baseUrl: fake.url,
      model: 'nomic-embed-text',
      apiKey: 'sk-secret-key',
      timeoutMs: 2000,
      batch: 2,
      backoffMs: 10,
      ...over,
    });

  it('sends passages in batches with the key and model, and returns unit vectors in input order', async () => {
    fake.requests.length = 0;
    const texts = ['apt pins a package', 'git squashes commits', 'python lists', 'network bridges', 'backups'];
    const vectors = await client().embed(texts, 'passage');
    expect(fake.requests.map((r) => r.input.length)).toEqual([2, 2, 1]);
    expect(
      fake.requests.every(
        (r) => r.path === '/v1/embeddings' && r.model === 'nomic-embed-text' && r.authorization === 'Bearer sk-secret-key',
      ),
    ).toBe(true);
    expect(vectors).toHaveLength(5);
    for (const v of vectors) expect(norm(v)).toBeCloseTo(1, 5);
    // Same text, same vector: order was kept across batches.
    const again = await client({ batch: 64 }).embed([texts[3]!], 'query');
    expect(Array.from(again[0]!)).toEqual(Array.from(vectors[3]!));
  });

  it('retries rate limits and server errors, honouring Retry-After', async () => {
    fake.requests.length = 0;
    fake.fail({ status: 429, retryAfter: '0.3' }, { status: 503 });
    const started = Date.now();
    const [v] = await client().embed(['hello world'], 'query');
    expect(v).toHaveLength(64);
    expect(fake.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('makes four attempts by default', async () => {
    fake.requests.length = 0;
    fake.fail({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const err = await client()
      .embed(['x'], 'query')
      .catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/HTTP 503/);
    expect(fake.requests).toHaveLength(4);
  });

  it('waits no longer than the cap when Retry-After asks for more', async () => {
    fake.requests.length = 0;
    fake.fail({ status: 429, retryAfter: '5' });
    const started = Date.now();
    await client({ retryAfterCapMs: 200 }).embed(['x'], 'query');
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('does not retry a refused key, and the error names the status but never the key', async () => {
    fake.requests.length = 0;
    fake.fail({ status: 401 });
    const err = await client()
      .embed(['x'], 'query')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddingError);
    expect((err as Error).message).toMatch(/HTTP 401: scripted failure 401/);
    expect((err as Error).message).not.toContain('sk-secret');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a silent endpoint after its time limit and the retries', async () => {
    fake.fail({ hangMs: 1500 }, { hangMs: 1500 });
    const started = Date.now();
    const err = await client({ timeoutMs: 200, retries: 1 })
      .embed(['x'], 'query')
      .catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('refuses an endpoint that cannot be reached, or answers with the wrong number of vectors', async () => {
    const gone = openAiEmbeddings({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 500, batch: 8, retries: 0 });
    await expect(gone.embed(['x'], 'query')).rejects.toThrow(/could not reach the embedding endpoint/);
    const short = await startFakeEmbeddings(async (t) => t.slice(1).map(() => [1, 0]));
    try {
      const c = openAiEmbeddings({ baseUrl: short.url, model: 'm', timeoutMs: 500, batch: 8 });
      await expect(c.embed(['a', 'b'], 'passage')).rejects.toThrow(/sent 1 vectors for 2 texts/);
    } finally {
      await short.close();
    }
  });

  it('refuses vectors that are not finite numbers', async () => {
    const bad = await startFakeEmbeddings(async (t) => t.map(() => [0, 0, 0]));
    try {
      const c = openAiEmbeddings({ baseUrl: `${bad.url}/embeddings`, model: 'm', timeoutMs: 500, batch: 8 });
      await expect(c.embed(['a'], 'passage')).rejects.toThrow(/empty vector/);
    } finally {
      await bad.close();
    }
  });
});
