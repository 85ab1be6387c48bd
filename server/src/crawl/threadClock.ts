import { readFileSync } from 'node:fs';

/**
 * How long a thread has been working on a page, not counting the time it waited for a core.
 * Extraction threads run at the lowest CPU priority (threadPriority.mjs): on a busy server they
 * wait behind every other runnable thread, and wall-clock limits failed small pages that had barely
 * run ("Reading the PDF took too long" on a two-page PDF while two other processes kept both cores
 * busy). Linux reports a thread's time spent waiting on a run queue (/proc/…/schedstat); that is
 * taken off the elapsed time. Time asleep still counts, so a page that leaves its thread waiting on
 * nothing (a PDF.js promise that never settles) still runs out of time, and a page starved for
 * WALL_FACTOR times its limit fails all the same. The kernel adds a wait to the total when it
 * ends, so a wait under way counts as work: the clock can run ahead by one wait (tens to hundreds
 * of ms), never behind. Elsewhere, or when the kernel does not report it, the clock is the wall
 * clock.
 */
export interface ThreadClock {
  /** Milliseconds of work since the clock started: wall time less run-queue waits. */
  worked(): number;
  /** Milliseconds since the clock started. */
  elapsed(): number;
  /** Whether `limitMs` of work, or WALL_FACTOR × `limitMs` of wall time, has gone by. */
  isPast(limitMs: number): boolean;
}

/** A thread's id (as a worker reports it), or 'self' for the calling thread. */
export type ThreadRef = number | 'self' | undefined;

/** A page starved of a core for this many times its limit, in wall time, runs out of time anyway. */
const WALL_FACTOR = 10;
/** The shortest wait before a clock is read again. */
const MIN_RECHECK_MS = 50;

/** The thread's total run-queue wait in ms, or undefined where Linux does not report it. */
export function runQueueWaitMs(thread: ThreadRef): number | undefined {
  if (thread === undefined) return undefined;
  const path = thread === 'self' ? '/proc/thread-self/schedstat' : `/proc/self/task/${thread}/schedstat`;
  try {
    // "<ns on a cpu> <ns waiting on a run queue> <timeslices>"
    const waitedNs = Number(readFileSync(path, 'latin1').split(' ')[1]);
    return Number.isFinite(waitedNs) ? waitedNs / 1e6 : undefined;
  } catch {
    return undefined; // not Linux, no schedstat, or the thread has ended
  }
}

export function startThreadClock(thread: ThreadRef): ThreadClock {
  const startedAt = Date.now();
  const waitedAtStart = runQueueWaitMs(thread);
  const elapsed = () => Date.now() - startedAt;
  const worked = () => {
    const waited = waitedAtStart === undefined ? undefined : runQueueWaitMs(thread);
    return elapsed() - (waited === undefined ? 0 : Math.max(0, waited - waitedAtStart!));
  };
  return { elapsed, worked, isPast: (limitMs) => worked() >= limitMs || elapsed() >= limitMs * WALL_FACTOR };
}

/**
 * Calls `fire` once the clock is past `limitMs` (isPast): checked when the limit could first have
 * run out, then again until it has. Returns a function that stops the checks.
 */
export function whenPast(clock: ThreadClock, limitMs: number, fire: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    if (clock.isPast(limitMs)) return fire();
    const left = Math.min(limitMs - clock.worked(), limitMs * WALL_FACTOR - clock.elapsed());
    timer = setTimeout(check, Math.max(MIN_RECHECK_MS, left));
  };
  timer = setTimeout(check, limitMs); // the clock has just started: no limit runs out sooner
  return () => clearTimeout(timer);
}
