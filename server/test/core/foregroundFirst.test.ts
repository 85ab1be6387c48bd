import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { backgroundTurn, inBackground, inLane, isBackground } from '../../src/db/foregroundFirst.js';
import { openPglite } from '../../src/db/pglite.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('visitors before indexing on the embedded database', () => {
  it('marks what a background function starts, through awaits and timers', async () => {
    expect(isBackground()).toBe(false);
    const seen: boolean[] = [];
    await inBackground(async () => {
      seen.push(isBackground());
      await sleep(1);
      seen.push(isBackground());
      await new Promise<void>((r) => setTimeout(() => (seen.push(isBackground()), r()), 1));
    });
    expect(seen).toEqual([true, true, true]);
    expect(isBackground()).toBe(false);
  });

  it('a background step waits for a visitor’s query in flight, and a visitor never waits for the background', async () => {
    const order: string[] = [];
    const visitor = inLane(async () => {
      await sleep(80);
      order.push('visitor query');
    });
    const indexing = inBackground(() => inLane(async () => void order.push('crawl write')));
    const started = performance.now();
    await inLane(async () => void order.push('second visitor query'));
    expect(performance.now() - started).toBeLessThan(40);
    await Promise.all([visitor, indexing]);
    expect(order).toEqual(['second visitor query', 'visitor query', 'crawl write']);
  });

  it('indexing is deferred, never starved: under steady queries a background step still runs', async () => {
    let chatting = true;
    const chat = (async () => {
      while (chatting) await inLane(() => sleep(10));
    })();
    const started = performance.now();
    await inBackground(() => backgroundTurn());
    const waited = performance.now() - started;
    chatting = false;
    await chat;
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(waited).toBeLessThan(2_000);
  });

  it('outside background work a turn is immediate', async () => {
    const visitor = inLane(() => sleep(50));
    const started = performance.now();
    await backgroundTurn();
    expect(performance.now() - started).toBeLessThan(20);
    await visitor;
  });
});

describe('on the PGlite thread', () => {
  let db: Db;
  beforeAll(async () => {
    // The run's template (pgliteTemplate.ts): no initdb; the test needs only a table of its own.
    db = await openPglite(undefined, { from: inject('pgliteTemplate') });
    await db.query('CREATE TABLE pages (n int)');
  });
  afterAll(() => db.close());

  it('an answer’s queries run one after another while a crawl writes, not one per write', async () => {
    const events: string[] = [];
    let crawling = true;
    const crawl = inBackground(async () => {
      for (let i = 0; crawling; i++) {
        await db.transaction(async (tx) => {
          await tx.query('INSERT INTO pages SELECT generate_series(1, 2000)');
        });
        events.push('write');
      }
    });
    while (events.length === 0) await sleep(1);
    const before = events.length;
    for (let q = 0; q < 5; q++) await db.query('SELECT count(*) FROM pages WHERE n = $1', [q]); // an answer's queries
    const writesDuringAnswer = events.length - before;
    crawling = false;
    await crawl;
    // Only the write in progress when the answer began; without priority, one write before each query.
    expect(writesDuringAnswer).toBeLessThanOrEqual(1);
    expect(events.length).toBeGreaterThan(before); // and the crawl went on afterwards
  });
});
