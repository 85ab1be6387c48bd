import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_MODEL, localEmbeddings } from '../../src/embeddings/local.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

// The real in-process model, from its npm package, on worker threads: no network, no stub.
describe('local embeddings (Universal Sentence Encoder Lite)', () => {
  const model = localEmbeddings();
  afterAll(() => model.close());

  it('embeds passages and questions as 512-dimension unit vectors that place paraphrases together', async () => {
    const passages = await model.embed(
      ['How to combine several commits into a single commit', 'Configuring the network interface of a server', 'Baking bread at home'],
      'passage',
    );
    const [question] = await model.embed(['squash my commits into one'], 'query');
    expect(model.model).toBe(LOCAL_MODEL);
    for (const v of [...passages, question!]) {
      expect(v).toHaveLength(512);
      expect(Math.sqrt(dot(v, v))).toBeCloseTo(1, 4);
    }
    const sims = passages.map((p) => dot(p, question!));
    expect(sims[0]).toBeGreaterThan(sims[1]! + 0.1);
    expect(sims[0]).toBeGreaterThan(sims[2]! + 0.1);
  }, 60_000);

  it('drops queued work when its caller aborts', async () => {
    const abort = new AbortController();
    const many = Array.from({ length: 64 }, (_, i) => `passage number ${i} about a topic`);
    const pending = model.embed(many, 'passage', abort.signal);
    abort.abort(new Error('crawl cancelled'));
    await expect(pending).rejects.toThrow(/crawl cancelled/);
    // The model still serves the next caller.
    expect(await model.embed(['still here'], 'query')).toHaveLength(1);
  }, 60_000);
});
