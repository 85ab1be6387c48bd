import type { ExtractedPage, ExtractOptions } from './extract.js';
import { ExtractTimeoutError, ExtractUnavailableError } from './extractor.js';
import type { ExtractPoolLog } from './extractPool.js';
import type { WorkerStarts } from './extractStarts.js';
import { startThreadClock, whenPast } from './threadClock.js';
import { startWorker, type Slot as ThreadSlot, type SpawnWorker, type WorkerAnswer } from './extractThread.js';

/**
 * Page extraction on worker threads, and only there: parsing a hostile page takes minutes, and on
 * the event loop that would freeze every request (and SIGTERM) for as long. Pages wait in a queue
 * here; each worker holds at most two (the one it parses and the next, so it never idles while this
 * thread is busy in PGlite). A page's time limit starts when its worker gets to it, not while it
 * waits, and counts only the time its worker was not waiting for a core (threadClock.ts: workers
 * run at the lowest priority, so a busy server would otherwise fail small pages), up to ten times
 * the limit in wall time. A page that runs past it fails ('Extraction timed out') and its worker is
 * terminated (asynchronously: a synchronous parse cannot be interrupted any other way) and replaced; the page
 * queued behind it goes back to the queue. A page whose caller gives up (its signal fires: a
 * crawl's deadline, a client gone) is dropped from the queue, or its worker is replaced if it is
 * parsing it, so an abandoned hostile page cannot hold a worker for the full time limit.
 *
 * When a worker cannot start, the failure is logged and the next try comes after a growing pause
 * (1 s, doubling, at most 30 s) with a longer start limit (extractStarts.ts). Meanwhile pages wait:
 * a start failure is not a page failure. Only when the pool has had no worker for the whole wait
 * limit while pages waited (a broken install rather than a busy machine) do the waiting pages fail
 * with ExtractUnavailableError (recorded on the page's source), and later ones too unless a start
 * is under way: never parsed here.
 */
interface Job {
  html: string;
  /** A PDF to read instead of HTML (pdf.ts); PDF.js runs in the worker, under the same time limit. */
  pdf?: Uint8Array;
  url: string;
  opts: ExtractOptions;
  resolve(page: ExtractedPage): void;
  reject(err: Error): void;
}

type Slot = ThreadSlot<Job>;

const PER_WORKER = 2;

/** The pool's settings, defaults resolved (createExtractPool). */
export interface PoolSettings {
  threads: number;
  jobTimeoutMs: number;
  pdfTimeoutMs: number;
  starts: WorkerStarts;
  spawn: SpawnWorker;
  log: ExtractPoolLog;
}

/** The pool's workers (slots), the pages waiting for one, and the pause after a failed start. */
export class ExtractPool {
  private readonly threads: number;
  private readonly jobTimeoutMs: number;
  private readonly pdfTimeoutMs: number;
  private readonly starts: WorkerStarts;
  private readonly spawn: SpawnWorker;
  private readonly log: ExtractPoolLog;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private starting = 0;
  /** Wakes the pool while pages wait with no worker: the next start try, or the wait limit. */
  private wakeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(s: PoolSettings) {
    this.threads = s.threads;
    this.jobTimeoutMs = s.jobTimeoutMs;
    this.pdfTimeoutMs = s.pdfTimeoutMs;
    this.starts = s.starts;
    this.spawn = s.spawn;
    this.log = s.log;
  }

  private limitOf(job: Job): number {
    return job.pdf ? this.pdfTimeoutMs : this.jobTimeoutMs;
  }

  /** The first job's time limit, on its worker thread's clock (threadClock.ts). */
  private startClock(slot: Slot): void {
    slot.stopClock?.();
    slot.stopClock = undefined;
    const first = slot.jobs[0];
    if (!first) return;
    const limitMs = this.limitOf(first);
    const clock = startThreadClock(slot.tid);
    slot.stopClock = whenPast(clock, limitMs, () =>
      this.replace(slot, new ExtractTimeoutError(), { workedMs: Math.round(clock.worked()), elapsedMs: clock.elapsed() }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      while (slot.jobs.length < PER_WORKER && this.queue.length > 0) {
        const job = this.queue.shift()!;
        slot.jobs.push(job);
        slot.worker.ref();
        if (slot.jobs.length === 1) this.startClock(slot);
        slot.worker.postMessage({ html: job.html, pdf: job.pdf, url: job.url, opts: job.opts });
      }
    }
  }

  /**
   * Pages queued and no worker running: they wait, and a timer brings the next start try (after
   * its pause) or the wait limit. Past the limit they fail, unless a start is under way: they wait
   * for that one (at most its start limit).
   */
  private watchWaiting(): void {
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    if (this.closed || this.slots.length > 0) return;
    if (this.queue.length === 0) return this.starts.idle();
    this.starts.waiting();
    if (this.starts.givenUp()) {
      if (this.starting > 0) return; // its end wakes the pool
      const failed = this.queue.splice(0);
      this.log.error({ pages: failed.length, waitLimitMs: this.starts.waitLimitMs }, 'page extraction unavailable: waiting pages failed');
      for (const job of failed) job.reject(new ExtractUnavailableError());
      return this.starts.idle();
    }
    const wakeAt = Math.min(this.starting === 0 ? this.starts.retryAt : Infinity, this.starts.giveUpAt()!);
    this.wakeTimer = setTimeout(() => void this.fill(), Math.max(0, wakeAt - Date.now()));
  }

  /** Start workers up to `threads`, unless the last start failed less than its pause ago. */
  fill(): Promise<unknown> {
    const started: Promise<void>[] = [];
    if (!this.closed && this.starts.mayStart()) while (this.slots.length + this.starting < this.threads) started.push(this.launch());
    this.watchWaiting();
    return Promise.all(started);
  }

  private launch(): Promise<void> {
    this.starting++;
    const onMessage = (slot: Slot, msg: WorkerAnswer) => this.onMessage(slot, msg);
    const replace = (slot: Slot, err: Error) => this.replace(slot, err);
    const limitMs = this.starts.startLimit();
    return startWorker(this.spawn, limitMs, onMessage, replace)
      .then(
        (slot) => {
          if (this.closed) return void slot.worker.terminate();
          this.starts.started();
          this.slots.push(slot);
        },
        (err: unknown) => {
          const pauseMs = this.starts.failed();
          const { failedStarts } = this.starts;
          const context = { err, failedStarts, limitMs, running: this.slots.length, waiting: this.queue.length, retryInMs: pauseMs };
          this.log.error(context, 'page extraction worker could not start');
        },
      )
      .finally(() => {
        this.starting--;
        this.dispatch();
        this.watchWaiting();
      });
  }

  /** The first job is done: the worker moves on to the next one, whose clock starts now. */
  private finish(slot: Slot): Job | undefined {
    const job = slot.jobs.shift();
    this.startClock(slot);
    if (slot.jobs.length === 0) slot.worker.unref(); // an idle pool must not keep the process alive
    return job;
  }

  private onMessage(slot: Slot, msg: WorkerAnswer): void {
    const job = this.finish(slot);
    if (msg.error !== undefined) job?.reject(new Error(msg.error));
    else job?.resolve(msg.page!);
    this.dispatch();
  }

  /** Fail the slot's page, drop the worker (without waiting for it to stop) and start another. */
  private replace(slot: Slot, err: Error, clock?: { workedMs: number; elapsedMs: number }): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    slot.stopClock?.();
    const [current, ...waiting] = slot.jobs.splice(0);
    if (current && err instanceof ExtractTimeoutError)
      this.log.warn(
        { url: current.url, limitMs: this.limitOf(current), ...clock },
        'page extraction ran past its time limit: worker replaced',
      );
    current?.reject(err);
    this.queue.unshift(...waiting); // not started yet: another worker takes them
    slot.worker.removeAllListeners().on('error', () => {});
    void slot.worker.terminate();
    this.dispatch();
    void this.fill();
  }

  /** The caller gave up on this page: forget it if queued, stop its worker if it is being parsed. */
  private cancel(job: Job, reason: Error): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      job.reject(reason);
      return this.watchWaiting(); // the last waiting page gone: no timer keeps the process up (a shutdown's Stop)
    }
    const slot = this.slots.find((s) => s.jobs.includes(job));
    if (slot?.jobs[0] === job) return this.replace(slot, reason);
    // Already sent to a worker, behind another page: its result will arrive later and be ignored.
    job.reject(reason);
  }

  submit(work: Pick<Job, 'html' | 'pdf' | 'url' | 'opts'>, signal?: AbortSignal): Promise<ExtractedPage> {
    if (this.closed) return Promise.reject(new Error('extractor closed'));
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<ExtractedPage>((resolve, reject) => {
      const onAbort = () => this.cancel(job, signal!.reason as Error);
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const job: Job = {
        ...work,
        resolve: (page) => (settled(), resolve(page)),
        reject: (err) => (settled(), reject(err)),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
      void this.fill();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.wakeTimer);
    for (const job of this.queue.splice(0)) job.reject(new Error('extractor closed'));
    for (const slot of this.slots) {
      slot.stopClock?.();
      for (const job of slot.jobs.splice(0)) job.reject(new Error('extractor closed'));
    }
    await Promise.allSettled(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}
