import { describe, expect, it } from 'vitest';
import { PageSlots } from '../../../src/crawl/render/pageSlots.js';

/** The browser pool's limit on pages in Chromium at once (the pool itself is tested in e2e/renderPool). */
describe('PageSlots', () => {
  it('lets two pages in at once, the next in turn, and says when the last one left', async () => {
    let idle = 0;
    const slots = new PageSlots(2, () => idle++);
    await slots.take();
    await slots.take();
    const order: string[] = [];
    const third = slots.take().then(() => order.push('third'));
    const fourth = slots.take().then(() => order.push('fourth'));
    await Promise.resolve();
    expect(slots.busy).toBe(2);
    expect(order).toEqual([]);
    slots.release();
    await third;
    expect(order).toEqual(['third']);
    slots.release();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(slots.busy).toBe(2);
    slots.release();
    slots.release();
    expect(slots.busy).toBe(0);
    expect(idle).toBe(1);
  });

  it('lets a stopped crawl stop waiting, and does not give its turn away later', async () => {
    const slots = new PageSlots(1, () => {});
    await slots.take();
    const stop = new AbortController();
    const waiting = slots.take(stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    slots.release();
    expect(slots.busy).toBe(0);
  });
});
