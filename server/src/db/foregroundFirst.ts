import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Visitors before indexing, in one process on 2 cores. PGlite runs one statement at a time, and a
 * crawl kept it busy most of the time with its write transactions while its page parsing took the
 * other core: a visitor's answer, a few queries, each waiting behind a write, took about a second
 * while another bot was crawled (bench/eventLoop.ts). Work marked as background (tasks and the
 * embedding backfill, through `inBackground`) now starts an embedded-database statement, and a page
 * parse, only once the foreground's database work has been quiet for a moment, or after it has
 * waited `MAX_DEFER_MS`, so a busy site still gets its crawl done. A transaction already open is
 * never held back: only its first statement waits.
 */
const lane = new AsyncLocalStorage<'background'>();

/** Run fn, and everything it starts, as background work. */
export const inBackground = <T>(fn: () => T): T => lane.run('background', fn);

export const isBackground = (): boolean => lane.getStore() === 'background';

/**
 * How long the foreground must have been quiet: an answer's queries come with some computing
 * between them, and its next one should not find a write just begun.
 */
const GRACE_MS = 60;
/** The longest one background step waits, so indexing never starves under steady chat. */
const MAX_DEFER_MS = 200;

let inFlight = 0;
let lastDone = -Infinity;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Run one embedded-database statement or transaction in the lane of the caller's context. */
export async function inLane<T>(op: () => Promise<T>): Promise<T> {
  if (isBackground()) {
    await backgroundTurn();
    return op();
  }
  inFlight++;
  try {
    return await op();
  } finally {
    inFlight--;
    lastDone = performance.now();
  }
}

/**
 * How long no foreground statement has been running, in ms: Infinity when none has run in this
 * process (no visitor yet, or PostgreSQL, whose statements do not pass through here).
 */
export function foregroundQuietMs(): number {
  return inFlight > 0 ? 0 : performance.now() - lastDone;
}

/** In background work, wait until the foreground is quiet (or MAX_DEFER_MS); at once otherwise. */
export async function backgroundTurn(): Promise<void> {
  if (!isBackground()) return;
  const deadline = performance.now() + MAX_DEFER_MS;
  for (;;) {
    const now = performance.now();
    const quietIn = inFlight > 0 ? GRACE_MS : lastDone + GRACE_MS - now;
    if (quietIn <= 0 || now >= deadline) return;
    await sleep(Math.min(quietIn, deadline - now));
  }
}
