import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createExtractPool } from '../../src/crawl/extractPool.js';
import type { Extractor } from '../../src/crawl/extractor.js';
import { localEmbeddings } from '../../src/embeddings/local.js';

/** The nice value of every thread of this process (Linux: /proc/self/task/TID/stat, field 19). */
function niceOf(tid: string | number): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  } catch {
    return undefined; // the thread ended meanwhile
  }
}
const lowest = () => readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === 19).length;

/**
 * On 2 cores a crawl's parsing and its passages' embeddings compete with the visitors' answers: the
 * threads that do only background work run at the lowest priority, and nothing else is lowered.
 */
describe.runIf(process.platform === 'linux')('background threads yield the cores', () => {
  const model = localEmbeddings();
  let pool: Extractor | undefined;
  afterAll(async () => {
    await model.close();
    await pool?.close();
  });

  it('a crawl’s page parsing threads run at the lowest priority', async () => {
    const before = lowest();
    pool = await createExtractPool({ threads: 2 });
    const page = await pool.extract(
      '<html><head><title>T</title></head><body><main><p>Hello there.</p></main></body></html>',
      'https://a.example/',
    );
    expect(page.markdown).toContain('Hello there.');
    expect(lowest()).toBeGreaterThanOrEqual(before + 2);
    expect(getPriority()).toBe(0); // the calling thread is untouched
    expect(niceOf(process.pid)).toBe(0); // and so is the process's main thread
  });

  it('the model’s passage thread does, its question thread does not', async () => {
    const before = lowest();
    await model.embed(['how do I squash commits'], 'query');
    expect(lowest()).toBe(before);
    await model.embed(['Squashing combines several commits into one.'], 'passage');
    expect(lowest()).toBeGreaterThan(before);
    expect(getPriority()).toBe(0);
  }, 60_000);
});
