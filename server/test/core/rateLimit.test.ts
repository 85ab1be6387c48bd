import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/errors.js';
import { WindowCounter } from '../../src/http/rateLimit.js';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

const status = (fn: () => void): number | 'ok' => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return err instanceof HttpError ? err.status : -1;
  }
};

describe('WindowCounter', () => {
  it('allows the limit per window, then 429 with Retry-After until the window ends', () => {
    const c = clock();
    const counter = new WindowCounter(2, 60_000, c.now);
    expect([status(() => counter.hit('a')), status(() => counter.hit('a'))]).toEqual(['ok', 'ok']);
    c.advance(15_000);
    try {
      counter.hit('a');
      expect.unreachable();
    } catch (err) {
      expect((err as HttpError).status).toBe(429);
      expect((err as HttpError).headers['retry-after']).toBe('45');
    }
    expect(status(() => counter.hit('b'))).toBe('ok');
    c.advance(45_000);
    expect(status(() => counter.hit('a'))).toBe('ok');
  });

  it('keeps at most maxKeys keys under a flood of distinct keys, forgetting the oldest first', () => {
    const c = clock();
    const counter = new WindowCounter(1, 60_000, c.now, 100);
    counter.hit('victim');
    expect(status(() => counter.hit('victim'))).toBe(429);
    for (let i = 0; i < 10_000; i++) {
      c.advance(1);
      counter.hit(`flood-${i}`);
      expect(counter.size).toBeLessThanOrEqual(100);
    }
    expect(counter.size).toBeGreaterThanOrEqual(50);
    // The newest keys are still counted; the oldest were evicted.
    expect(status(() => counter.hit('flood-9999'))).toBe(429);
    expect(status(() => counter.hit('flood-0'))).toBe('ok');
  });

  it('keeps counting a key that is still in use while the flood evicts idle ones', () => {
    const c = clock();
    const counter = new WindowCounter(1000, 60_000, c.now, 100);
    let busy = 0;
    for (let i = 0; i < 5000; i++) {
      counter.hit(`flood-${i}`);
      // Seen at least once per generation (50 keys), so it is carried forward every time.
      if (i % 40 === 0) {
        counter.hit('busy');
        busy++;
      }
    }
    // Had the busy key been forgotten, its count would have restarted and this would not reach the limit.
    for (; busy < 1000; busy++) counter.hit('busy');
    expect(status(() => counter.hit('busy'))).toBe(429);
  });

  it('forgets idle keys once their windows are over', () => {
    const c = clock();
    const counter = new WindowCounter(5, 1000, c.now, 1_000_000);
    for (let i = 0; i < 500; i++) counter.hit(`k${i}`);
    expect(counter.size).toBe(500);
    c.advance(1000);
    counter.hit('fresh');
    c.advance(1000);
    counter.hit('fresher');
    expect(counter.size).toBeLessThanOrEqual(2);
    // A window that is still running survives the time-based rotation.
    const counter2 = new WindowCounter(1, 1000, c.now, 1_000_000);
    counter2.hit('a');
    c.advance(999);
    counter2.hit('b');
    c.advance(2); // rotation: a has expired, b is still live
    expect(status(() => counter2.hit('b'))).toBe(429);
    expect(status(() => counter2.hit('a'))).toBe('ok');
  });

  it('stays O(1) per hit: 300,000 distinct keys finish quickly', () => {
    const counter = new WindowCounter(10, 60_000, Date.now, 50_000);
    const started = performance.now();
    for (let i = 0; i < 300_000; i++) counter.hit(`ip-${i}`);
    expect(counter.size).toBeLessThanOrEqual(50_000);
    // Generous bound (shared CI cores); evicting by scanning the map takes tens of seconds here.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
