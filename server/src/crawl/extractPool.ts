import { availableParallelism } from 'node:os';
import pino from 'pino';
import { backgroundTurn } from '../db/foregroundFirst.js';
import type { ExtractedPage, ExtractOptions } from './extract.js';
import { DEFAULT_EXTRACT_OPTIONS, ExtractTimeoutError, ExtractUnavailableError, type Extractor } from './extractor.js';
import { spawnExtractWorker, startWorker, type Slot as ThreadSlot, type SpawnWorker, type WorkerAnswer } from './extractThread.js';

/**
 * Page extraction on worker threads, and only there: parsing a hostile page takes minutes, and on
 * the event loop that would freeze every request (and SIGTERM) for as long. Pages wait in a queue
 * here; each worker holds at most two (the one it parses and the next, so it never idles while this
 * thread is busy in PGlite). A page's time limit starts when its worker gets to it, not while it
 * waits; a page that runs past it fails ('Extraction timed out') and its worker is terminated
 * (asynchronously: a synchronous parse cannot be interrupted any other way) and replaced; the page
 * queued behind it goes back to the queue. A page whose caller gives up (its signal fires: a
 * crawl's deadline, a client gone) is dropped from the queue, or its worker is replaced if it is
 * parsing it, so an abandoned hostile page cannot hold a worker for the full time limit.
 *
 * When a worker cannot start, the failure is logged and the next try waits a growing pause (1 s,
 * doubling, at most 30 s). Meanwhile pages wait for a worker that is starting (at most its start
 * time-out), or, with no worker running and none starting, fail at once with ExtractUnavailableError
 * (recorded on the page's source): never parsed here.
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
const MAX_RETRY_PAUSE_MS = 30_000;

/** pino's shape (the server passes its logger). */
export interface ExtractPoolLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * How long a new worker may take to report ready before the pool gives up on it (and pages wait or
 * fail with a reason): 15 s, or EXTRACT_WORKER_START_MS. Read here rather than from Config because
 * the pool is per process and made on first use, before or without a Config (CLIs, tests). The
 * test suites raise it: a worker that compiles its TypeScript on a machine running two suites at
 * once has been seen to need more than 15 s.
 */
const DEFAULT_START_TIMEOUT_MS = Math.min(Math.max(Number(process.env.EXTRACT_WORKER_START_MS) || 15_000, 1_000), 300_000);

export interface ExtractPoolOptions {
  threads?: number;
  defaults?: ExtractOptions;
  /** Per-page limit, from the moment a worker takes the page. */
  jobTimeoutMs?: number;
  /** The limit for a PDF (default jobTimeoutMs). */
  pdfTimeoutMs?: number;
  /** How long a new worker has to report ready (default 15 s). */
  startTimeoutMs?: number;
  log?: ExtractPoolLog;
  /** Makes a worker thread (default: extractWorker.mjs). Tests pass one that cannot start. */
  spawnWorker?: SpawnWorker;
}

export const EXTRACT_TIMEOUT_MS = 20_000;
export const defaultExtractThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

export async function createExtractPool(options: ExtractPoolOptions = {}): Promise<Extractor> {
  const pool = new ExtractPool(options);
  await pool.fill();
  const defaults = options.defaults ?? DEFAULT_EXTRACT_OPTIONS;
  return {
    // A crawl's parse waits while visitors are being answered (db/foregroundFirst.ts).
    extract: (html, url, opts, signal) => backgroundTurn().then(() => pool.submit({ html, url, opts: { ...defaults, ...opts } }, signal)),
    extractPdf: (pdf, url, signal) => backgroundTurn().then(() => pool.submit({ html: '', pdf, url, opts: defaults }, signal)),
    close: () => pool.close(),
  };
}

/** The pool's workers (slots), the pages waiting for one, and the pause after a failed start. */
class ExtractPool {
  private readonly threads: number;
  private readonly jobTimeoutMs: number;
  private readonly pdfTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly spawn: SpawnWorker;
  private readonly log: ExtractPoolLog;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private starting = 0;
  private failedStarts = 0;
  private retryAt = 0;
  private closed = false;

  constructor(options: ExtractPoolOptions) {
    this.threads = Math.max(1, options.threads ?? defaultExtractThreads());
    this.jobTimeoutMs = options.jobTimeoutMs ?? EXTRACT_TIMEOUT_MS;
    this.pdfTimeoutMs = options.pdfTimeoutMs ?? this.jobTimeoutMs;
    this.startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    this.spawn = options.spawnWorker ?? spawnExtractWorker;
    this.log = options.log ?? fallbackLog();
  }

  private limitOf(job: Job): number {
    return job.pdf ? this.pdfTimeoutMs : this.jobTimeoutMs;
  }

  private startClock(slot: Slot): void {
    clearTimeout(slot.timer);
    const first = slot.jobs[0];
    slot.timer = first ? setTimeout(() => this.replace(slot, new ExtractTimeoutError()), this.limitOf(first)) : undefined;
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

  /** No worker running and none on the way: the queued pages fail now rather than wait for nothing. */
  private failIfNoWorker(): void {
    if (this.slots.length > 0 || this.starting > 0) return;
    for (const job of this.queue.splice(0)) job.reject(new ExtractUnavailableError());
  }

  /** Start workers up to `threads`, unless the last start failed less than its pause ago. */
  fill(): Promise<unknown> {
    const started: Promise<void>[] = [];
    if (!this.closed && Date.now() >= this.retryAt) while (this.slots.length + this.starting < this.threads) started.push(this.launch());
    this.failIfNoWorker();
    return Promise.all(started);
  }

  private launch(): Promise<void> {
    this.starting++;
    const onMessage = (slot: Slot, msg: WorkerAnswer) => this.onMessage(slot, msg);
    const replace = (slot: Slot, err: Error) => this.replace(slot, err);
    return startWorker(this.spawn, this.startTimeoutMs, onMessage, replace)
      .then(
        (slot) => {
          if (this.closed) return void slot.worker.terminate();
          this.failedStarts = 0;
          this.retryAt = 0;
          this.slots.push(slot);
        },
        (err: unknown) => {
          this.failedStarts++;
          const pauseMs = Math.min(MAX_RETRY_PAUSE_MS, 1000 * 2 ** (this.failedStarts - 1));
          this.retryAt = Date.now() + pauseMs;
          const running = this.slots.length;
          this.log.error({ err, failedStarts: this.failedStarts, running, retryInMs: pauseMs }, 'page extraction worker could not start');
        },
      )
      .finally(() => {
        this.starting--;
        this.dispatch();
        this.failIfNoWorker();
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
  private replace(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    clearTimeout(slot.timer);
    const [current, ...waiting] = slot.jobs.splice(0);
    if (current && err instanceof ExtractTimeoutError)
      this.log.warn({ url: current.url, limitMs: this.limitOf(current) }, 'page extraction ran past its time limit: worker replaced');
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
      return job.reject(reason);
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
    for (const job of this.queue.splice(0)) job.reject(new Error('extractor closed'));
    for (const slot of this.slots) {
      clearTimeout(slot.timer);
      for (const job of slot.jobs.splice(0)) job.reject(new Error('extractor closed'));
    }
    await Promise.allSettled(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}

let fallback: ExtractPoolLog | undefined;
/** Logs to stdout as the CLIs' pino loggers do, for a pool made without the server's logger. */
const fallbackLog = (): ExtractPoolLog => (fallback ??= pino());

let shared: Promise<Extractor> | undefined;
let sharedLog: ExtractPoolLog | undefined;
let sharedOptions: ExtractPoolOptions = {};

/** The logger of the process's shared pool: the server's (main.ts) or the task worker's (cli/worker.ts). */
export function logExtractPoolTo(log: ExtractPoolLog): void {
  sharedLog = log;
}

/** Options of the shared pool, before its first use (a test server makes its workers fail to start). */
export function configureSharedExtractPool(options: ExtractPoolOptions): void {
  if (shared) throw new Error('the shared extraction pool has already started');
  sharedOptions = options;
}

/**
 * One pool per process, started on first use and kept (starting workers costs seconds);
 * its close() is a no-op so per-task code can treat it like any extractor.
 */
export function sharedExtractPool(): Promise<Extractor> {
  const log: ExtractPoolLog = {
    warn: (obj, msg) => (sharedLog ?? fallbackLog()).warn(obj, msg),
    error: (obj, msg) => (sharedLog ?? fallbackLog()).error(obj, msg),
  };
  shared ??= createExtractPool({ log, ...sharedOptions }).then((pool) => ({
    extract: pool.extract,
    extractPdf: pool.extractPdf,
    close: async () => {},
  }));
  return shared;
}
