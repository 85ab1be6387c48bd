import { availableParallelism } from 'node:os';
import pino from 'pino';
import { backgroundTurn } from '../db/foregroundFirst.js';
import type { ExtractOptions } from './extract.js';
import { DEFAULT_EXTRACT_OPTIONS, type Extractor } from './extractor.js';
import { ExtractPool } from './extractQueue.js';
import { WorkerStarts } from './extractStarts.js';
import { spawnExtractWorker, type SpawnWorker } from './extractThread.js';

/** The extraction pool's options and defaults, and the process's shared pool; the pool itself is in extractQueue.ts. */

/** pino's shape (the server passes its logger). */
export interface ExtractPoolLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * How long a new worker may take to report ready before the pool gives up on it and tries again
 * (pages wait meanwhile): 15 s, or EXTRACT_WORKER_START_MS. Read here rather than from Config because
 * the pool is per process and made on first use, before or without a Config (CLIs, tests). The
 * test suites raise it: a worker that compiles its TypeScript on a machine running two suites at
 * once has been seen to need more than 15 s.
 */
const DEFAULT_START_TIMEOUT_MS = Math.min(Math.max(Number(process.env.EXTRACT_WORKER_START_MS) || 15_000, 1_000), 300_000);
/** How long pages wait with no worker before they fail: a few failed starts' worth (2 min by default). */
const WAIT_LIMIT_FACTOR = 8;

export interface ExtractPoolOptions {
  threads?: number;
  defaults?: ExtractOptions;
  /** Per-page limit, from the moment a worker takes the page. */
  jobTimeoutMs?: number;
  /** The limit for a PDF (default jobTimeoutMs + PDF_LOAD_ALLOWANCE_MS). */
  pdfTimeoutMs?: number;
  /** How long a new worker has to report ready (default 15 s); doubled after each failed start, at most 4×. */
  startTimeoutMs?: number;
  /** How long pages wait while the pool has no worker before they fail (default 8 × startTimeoutMs). */
  waitLimitMs?: number;
  log?: ExtractPoolLog;
  /** Makes a worker thread (default: extractWorker.mjs). Tests pass one that cannot start. */
  spawnWorker?: SpawnWorker;
}

/**
 * A page's extraction time limit (20 s, or EXTRACT_TIMEOUT_MS): counted on its worker thread's
 * clock, waits for a core left out (threadClock.ts). Read here, as the start limit is.
 */
export const EXTRACT_TIMEOUT_MS = Math.min(Math.max(Number(process.env.EXTRACT_TIMEOUT_MS) || 20_000, 1_000), 600_000);
/**
 * A worker's first PDF loads PDF.js (about 1 MB of code) on that page's clock, at the worker's lowest
 * priority: on a busy machine the load took most of the page limit, and a two-page PDF failed
 * ("Extraction timed out"). PDF reading keeps its own limit from the moment PDF.js is loaded
 * (pdf.ts); this allowance is only the pool's backstop for a worker that stops answering.
 */
export const PDF_LOAD_ALLOWANCE_MS = 20_000;
export const defaultExtractThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

export async function createExtractPool(options: ExtractPoolOptions = {}): Promise<Extractor> {
  const startMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const jobTimeoutMs = options.jobTimeoutMs ?? EXTRACT_TIMEOUT_MS;
  const pool = new ExtractPool({
    threads: Math.max(1, options.threads ?? defaultExtractThreads()),
    jobTimeoutMs,
    pdfTimeoutMs: options.pdfTimeoutMs ?? jobTimeoutMs + PDF_LOAD_ALLOWANCE_MS,
    starts: new WorkerStarts(startMs, options.waitLimitMs ?? WAIT_LIMIT_FACTOR * startMs),
    spawn: options.spawnWorker ?? spawnExtractWorker,
    log: options.log ?? fallbackLog(),
  });
  await pool.fill();
  const defaults = options.defaults ?? DEFAULT_EXTRACT_OPTIONS;
  return {
    // A crawl's parse waits while visitors are being answered (db/foregroundFirst.ts).
    extract: (html, url, opts, signal) => backgroundTurn().then(() => pool.submit({ html, url, opts: { ...defaults, ...opts } }, signal)),
    extractPdf: (pdf, url, signal) => backgroundTurn().then(() => pool.submit({ html: '', pdf, url, opts: defaults }, signal)),
    close: () => pool.close(),
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
