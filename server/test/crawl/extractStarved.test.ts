import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractPool } from '../../src/crawl/extractPool.js';
import type { Extractor } from '../../src/crawl/extractor.js';
import { runQueueWaitMs, startThreadClock } from '../../src/crawl/threadClock.js';

/**
 * Extraction threads run at the lowest CPU priority, so on a busy machine a page waits for a core
 * far longer than it is parsed. Its time limit counts the parsing, not the waiting: a page that
 * needs a fraction of its limit is extracted however busy the machine, and a page that leaves its
 * worker idle (asleep, not waiting for a core) still runs out of time.
 */
const LIMIT_MS = 1500;
const page = (n: number) =>
  `<main><h1>Busy ${n}</h1>${Array.from({ length: 2000 }, (_, i) => `<p>Paragraph ${i} explains how busy servers parse pages.</p>`).join('')}</main>`;

/** Normal-priority threads that keep every core busy until stopped; resolves once all of them spin. */
async function busyCores(): Promise<() => Promise<void>> {
  const spinners = Array.from(
    { length: availableParallelism() + 1 },
    () =>
      new Worker(
        `require('node:worker_threads').parentPort.postMessage('spinning');
         const s = new Int32Array(new SharedArrayBuffer(4)); for (;;) { Atomics.add(s, 0, 1); }`,
        { eval: true },
      ),
  );
  // A worker takes a while to start on a loaded machine: the cores are busy only once all spin.
  await Promise.all(spinners.map((w) => new Promise((resolve) => w.once('message', resolve))));
  return async () => void (await Promise.all(spinners.map((w) => w.terminate())));
}

let pool: Extractor;
beforeAll(async () => {
  pool = await createExtractPool({ threads: 1, jobTimeoutMs: LIMIT_MS });
  await pool.extract(page(0), 'http://site.test/warm'); // the worker's first page loads the parser
});
afterAll(() => pool?.close());

describe.skipIf(runQueueWaitMs(process.pid) === undefined)('a page time limit on a busy machine', () => {
  it('counts the time the page is parsed, not the time its worker waits for a core', async () => {
    const stop = await busyCores();
    const t0 = Date.now();
    try {
      const pages = await Promise.all([1, 2, 3, 4].map((n) => pool.extract(page(n), `http://site.test/${n}`)));
      expect(pages.map((p) => p.title)).toEqual(['Busy 1', 'Busy 2', 'Busy 3', 'Busy 4']);
    } finally {
      await stop();
    }
    // Starved behind the spinners, the pages took longer than one limit in wall time: a wall clock
    // would have failed the first of them.
    expect(Date.now() - t0).toBeGreaterThan(LIMIT_MS);
  });

  it('leaves out the waits of a low-priority thread that wants a core (the clock PDF reading uses too)', async () => {
    const niced = new Worker(
      `const { parentPort } = require('node:worker_threads'); const fs = require('node:fs');
       require('node:os').setPriority(19);
       parentPort.postMessage(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()));
       const s = new Int32Array(new SharedArrayBuffer(4)); for (;;) { Atomics.add(s, 0, 1); }`,
      { eval: true },
    );
    const tid = await new Promise<number>((resolve) => niced.once('message', resolve));
    const stop = await busyCores();
    try {
      const clock = startThreadClock(tid);
      // The kernel adds a wait when it ends: the wait under way (hundreds of ms under load) still
      // counts as work, so the window is long beside it.
      await new Promise((r) => setTimeout(r, 3000));
      expect(clock.elapsed()).toBeGreaterThanOrEqual(3000);
      expect(clock.worked()).toBeLessThan(clock.elapsed() / 2);
      expect(clock.isPast(2000)).toBe(false);
    } finally {
      await stop();
      await niced.terminate();
    }
  });

  it('counts a thread asleep as working', async () => {
    const sleeper = new Worker(
      `const { parentPort } = require('node:worker_threads'); const fs = require('node:fs');
       parentPort.postMessage(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()));
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 800);`,
      { eval: true },
    );
    const tid = await new Promise<number>((resolve) => sleeper.once('message', resolve));
    const clock = startThreadClock(tid);
    await new Promise((r) => setTimeout(r, 600));
    expect(clock.worked()).toBeGreaterThan(500);
    expect(clock.isPast(500)).toBe(true);
    await sleeper.terminate();
  });
});
