import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { backgroundTurn } from '../db/foregroundFirst.js';
import type { ExtractedPage, ExtractOptions } from './extract.js';
import { DEFAULT_EXTRACT_OPTIONS, ExtractTimeoutError, inlineExtractor, type Extractor } from './extractor.js';

/**
 * Page extraction on worker threads, so parsing and Markdown conversion run beside the database
 * writes (PGlite works on the main thread and blocks it). Pages wait in a queue here; each worker
 * holds at most two (the one it parses and the next, so it never idles while this thread is busy
 * in PGlite). A page's time limit starts when its worker gets to it, not while it waits; a page
 * that runs past it fails ('Extraction timed out') and its worker is replaced, because a
 * synchronous parse cannot be interrupted any other way; the page queued behind it goes back to
 * the queue. A page whose caller gives up (its signal fires: a crawl's deadline, a client gone) is
 * dropped from the queue, or its worker is replaced if it is parsing it, so an abandoned hostile
 * page cannot hold a worker for the full time limit. Falls back to in-thread extraction when
 * workers cannot start.
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

interface Slot {
  worker: Worker;
  /** Sent to the worker, in order; the first is the one being parsed. */
  jobs: Job[];
  timer?: NodeJS.Timeout;
}

const PER_WORKER = 2;

export interface ExtractPoolOptions {
  threads?: number;
  defaults?: ExtractOptions;
  /** Per-page limit, from the moment a worker takes the page. */
  jobTimeoutMs?: number;
}

export const EXTRACT_TIMEOUT_MS = 20_000;
export const defaultExtractThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

export async function createExtractPool(options: ExtractPoolOptions = {}): Promise<Extractor> {
  const threads = options.threads ?? defaultExtractThreads();
  const defaults = options.defaults ?? DEFAULT_EXTRACT_OPTIONS;
  const jobTimeoutMs = options.jobTimeoutMs ?? EXTRACT_TIMEOUT_MS;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let replacing = 0;
  let closed = false;
  const fallback = inlineExtractor(defaults);

  const startClock = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.timer = slot.jobs.length > 0 ? setTimeout(() => replace(slot, new ExtractTimeoutError()), jobTimeoutMs) : undefined;
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
    // Every worker gone and none coming back: finish the queue on this thread rather than hang.
    if (slots.length === 0 && replacing === 0) {
      for (const job of queue.splice(0))
        (job.pdf ? fallback.extractPdf(job.pdf, job.url) : fallback.extract(job.html, job.url, job.opts)).then(job.resolve, job.reject);
    }
  };

  /** The first job is done: the worker moves on to the next one, whose clock starts now. */
  const finish = (slot: Slot): Job | undefined => {
    const job = slot.jobs.shift();
    startClock(slot);
    if (slot.jobs.length === 0) slot.worker.unref(); // an idle pool must not keep the process alive
    return job;
  };

  const onMessage = (slot: Slot, msg: { page?: ExtractedPage; error?: string }) => {
    const job = finish(slot);
    if (msg.error !== undefined) job?.reject(new Error(msg.error));
    else job?.resolve(msg.page!);
    dispatch();
  };

  /** Fail the slot's page, drop the worker and start another in its place. */
  function replace(slot: Slot, err: Error): void {
    const i = slots.indexOf(slot);
    if (i < 0) return;
    slots.splice(i, 1);
    clearTimeout(slot.timer);
    const [current, ...waiting] = slot.jobs.splice(0);
    current?.reject(err);
    queue.unshift(...waiting); // not started yet: another worker takes them
    slot.worker.removeAllListeners().on('error', () => {});
    void slot.worker.terminate();
    if (closed) return;
    replacing++;
    dispatch();
    startWorker(onMessage, replace)
      .then(
        (fresh) => (closed ? void fresh.worker.terminate() : void slots.push(fresh)),
        () => {}, // cannot start another: the pool shrinks (and falls back to this thread when empty)
      )
      .finally(() => {
        replacing--;
        dispatch();
      });
  }

  try {
    for (let i = 0; i < threads; i++) slots.push(await startWorker(onMessage, replace));
  } catch {
    await Promise.allSettled(slots.map((s) => s.worker.terminate()));
    return fallback;
  }
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

function startWorker(
  onMessage: (slot: Slot, msg: { page?: ExtractedPage; error?: string }) => void,
  onDeath: (slot: Slot, err: Error) => void,
): Promise<Slot> {
  return new Promise((resolve, reject) => {
    // A hostile page can only exhaust its worker's heap, not the server's.
    const worker = new Worker(new URL('./extractWorker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    const slot: Slot = { worker, jobs: [] };
    let ready = false;
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('extract worker did not start'));
    }, 15_000);
    worker.on('message', (msg: { ready?: boolean; page?: ExtractedPage; error?: string }) => {
      if (!msg.ready) return onMessage(slot, msg);
      ready = true;
      clearTimeout(timer);
      worker.unref();
      resolve(slot);
    });
    const die = (err: Error) => {
      clearTimeout(timer);
      // A crashed worker fails its page (the crawler records it as failed) and is replaced.
      if (ready) onDeath(slot, new Error(`extract worker crashed: ${err.message}`));
      else reject(err);
    };
    worker.on('error', die);
    worker.on('exit', (code) => die(new Error(`extract worker exited (${code})`)));
  });
}

let shared: Promise<Extractor> | undefined;

/**
 * One pool per process, started on first use and kept (starting workers costs seconds);
 * its close() is a no-op so per-task code can treat it like any extractor.
 */
export function sharedExtractPool(): Promise<Extractor> {
  shared ??= createExtractPool().then((pool) => ({ extract: pool.extract, extractPdf: pool.extractPdf, close: async () => {} }));
  return shared;
}
