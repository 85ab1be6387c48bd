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
  const threads = Math.max(1, options.threads ?? defaultExtractThreads());
  const defaults = options.defaults ?? DEFAULT_EXTRACT_OPTIONS;
  const jobTimeoutMs = options.jobTimeoutMs ?? EXTRACT_TIMEOUT_MS;
  const pdfTimeoutMs = options.pdfTimeoutMs ?? jobTimeoutMs;
  const startTimeoutMs = options.startTimeoutMs ?? 15_000;
  const spawn = options.spawnWorker ?? spawnExtractWorker;
  const log = options.log ?? fallbackLog();
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let starting = 0;
  let failedStarts = 0;
  let retryAt = 0;
  let closed = false;

  const limitOf = (job: Job) => (job.pdf ? pdfTimeoutMs : jobTimeoutMs);
  const startClock = (slot: Slot) => {
    clearTimeout(slot.timer);
    const first = slot.jobs[0];
    slot.timer = first ? setTimeout(() => replace(slot, new ExtractTimeoutError()), limitOf(first)) : undefined;
  };

  const dispatch = () => {
    for (const slot of slots) {
      while (slot.jobs.length < PER_WORKER && queue.length > 0) {
        const job = queue.shift()!;
        slot.jobs.push(job);
        slot.worker.ref();
        if (slot.jobs.length === 1) startClock(slot);
        slot.worker.postMessage({ html: job.html, pdf: job.pdf, url: job.url, opts: job.opts });
      }
    }
  };

  /** No worker running and none on the way: the queued pages fail now rather than wait for nothing. */
  const failIfNoWorker = () => {
    if (slots.length > 0 || starting > 0) return;
    for (const job of queue.splice(0)) job.reject(new ExtractUnavailableError());
  };

  /** Start workers up to `threads`, unless the last start failed less than its pause ago. */
  const fill = (): Promise<unknown> => {
    const started: Promise<void>[] = [];
    if (!closed && Date.now() >= retryAt) while (slots.length + starting < threads) started.push(launch());
    failIfNoWorker();
    return Promise.all(started);
  };

  const launch = (): Promise<void> => {
    starting++;
    return startWorker(spawn, startTimeoutMs, onMessage, replace)
      .then(
        (slot) => {
          if (closed) return void slot.worker.terminate();
          failedStarts = 0;
          retryAt = 0;
          slots.push(slot);
        },
        (err: unknown) => {
          failedStarts++;
          const pauseMs = Math.min(MAX_RETRY_PAUSE_MS, 1000 * 2 ** (failedStarts - 1));
          retryAt = Date.now() + pauseMs;
          log.error({ err, failedStarts, running: slots.length, retryInMs: pauseMs }, 'page extraction worker could not start');
        },
      )
      .finally(() => {
        starting--;
        dispatch();
        failIfNoWorker();
      });
  };

  /** The first job is done: the worker moves on to the next one, whose clock starts now. */
  const finish = (slot: Slot): Job | undefined => {
    const job = slot.jobs.shift();
    startClock(slot);
    if (slot.jobs.length === 0) slot.worker.unref(); // an idle pool must not keep the process alive
    return job;
  };

  function onMessage(slot: Slot, msg: WorkerAnswer): void {
    const job = finish(slot);
    if (msg.error !== undefined) job?.reject(new Error(msg.error));
    else job?.resolve(msg.page!);
    dispatch();
  }

  /** Fail the slot's page, drop the worker (without waiting for it to stop) and start another. */
  function replace(slot: Slot, err: Error): void {
    const i = slots.indexOf(slot);
    if (i < 0) return;
    slots.splice(i, 1);
    clearTimeout(slot.timer);
    const [current, ...waiting] = slot.jobs.splice(0);
    if (current && err instanceof ExtractTimeoutError)
      log.warn({ url: current.url, limitMs: limitOf(current) }, 'page extraction ran past its time limit: worker replaced');
    current?.reject(err);
    queue.unshift(...waiting); // not started yet: another worker takes them
    slot.worker.removeAllListeners().on('error', () => {});
    void slot.worker.terminate();
    dispatch();
    void fill();
  }

  await fill();

  /** The caller gave up on this page: forget it if queued, stop its worker if it is being parsed. */
  const cancel = (job: Job, reason: Error) => {
    const queued = queue.indexOf(job);
    if (queued >= 0) {
      queue.splice(queued, 1);
      return job.reject(reason);
    }
    const slot = slots.find((s) => s.jobs.includes(job));
    if (slot?.jobs[0] === job) return replace(slot, reason);
    // Already sent to a worker, behind another page: its result will arrive later and be ignored.
    job.reject(reason);
  };

  const submit = (work: Pick<Job, 'html' | 'pdf' | 'url' | 'opts'>, signal?: AbortSignal) => {
    if (closed) return Promise.reject(new Error('extractor closed'));
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<ExtractedPage>((resolve, reject) => {
      const onAbort = () => cancel(job, signal!.reason as Error);
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const job: Job = {
        ...work,
        resolve: (page) => (settled(), resolve(page)),
        reject: (err) => (settled(), reject(err)),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(job);
      dispatch();
      void fill();
    });
  };

  return {
    // A crawl's parse waits while visitors are being answered (db/foregroundFirst.ts).
    extract: (html, url, opts, signal) => backgroundTurn().then(() => submit({ html, url, opts: { ...defaults, ...opts } }, signal)),
    extractPdf: (pdf, url, signal) => backgroundTurn().then(() => submit({ html: '', pdf, url, opts: defaults }, signal)),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('extractor closed'));
      for (const slot of slots) {
        clearTimeout(slot.timer);
        for (const job of slot.jobs.splice(0)) job.reject(new Error('extractor closed'));
      }
      await Promise.allSettled(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
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
