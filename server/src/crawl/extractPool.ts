import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ExtractedPage, ExtractOptions } from './extract.js';
import { DEFAULT_EXTRACT_OPTIONS, inlineExtractor, type Extractor } from './extractor.js';

/**
 * Page extraction on worker threads, so parsing and Markdown conversion run beside the database
 * writes (PGlite works on the main thread and blocks it). Falls back to in-thread extraction
 * when workers cannot start.
 */
interface Pending {
  resolve(page: ExtractedPage): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  busy: number;
  dead?: boolean;
}

export const defaultExtractThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

export async function createExtractPool(threads = defaultExtractThreads(), defaults: ExtractOptions = DEFAULT_EXTRACT_OPTIONS): Promise<Extractor> {
  const slots: Slot[] = [];
  const pending = new Map<number, Pending & { slot: Slot }>();
  let nextId = 1;
  const fallback = inlineExtractor(defaults);
  try {
    for (let i = 0; i < threads; i++) slots.push(await startWorker(pending));
  } catch {
    await Promise.allSettled(slots.map((s) => s.worker.terminate()));
    return inlineExtractor(defaults);
  }
  return {
    extract(html, url, opts) {
      const alive = slots.filter((s) => !s.dead);
      // Every worker crashed: keep crawling on this thread rather than hang.
      if (alive.length === 0) return fallback.extract(html, url, opts);
      const slot = alive.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = nextId++;
      slot.busy++;
      slot.worker.ref();
      return new Promise<ExtractedPage>((resolve, reject) => {
        pending.set(id, { resolve, reject, slot });
        slot.worker.postMessage({ id, html, url, opts: { ...defaults, ...opts } });
      });
    },
    async close() {
      await Promise.allSettled(slots.map((s) => s.worker.terminate()));
      for (const p of pending.values()) p.reject(new Error('extractor closed'));
      pending.clear();
    },
  };
}

function startWorker(pending: Map<number, Pending & { slot: Slot }>): Promise<Slot> {
  return new Promise((resolve, reject) => {
    // A hostile page can only exhaust its worker's heap, not the server's.
    const worker = new Worker(new URL('./extractWorker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    const slot: Slot = { worker, busy: 0 };
    const timer = setTimeout(() => reject(new Error('extract worker did not start')), 15_000);
    worker.on('message', (msg: { ready?: boolean; id?: number; page?: ExtractedPage; error?: string }) => {
      if (msg.ready) {
        clearTimeout(timer);
        worker.unref();
        resolve(slot);
        return;
      }
      const p = pending.get(msg.id!);
      if (!p) return;
      pending.delete(msg.id!);
      p.slot.busy--;
      // An idle pool must not keep the process alive.
      if (p.slot.busy === 0) p.slot.worker.unref();
      if (msg.error !== undefined) p.reject(new Error(msg.error));
      else p.resolve(msg.page!);
    });
    const die = (err: Error) => {
      clearTimeout(timer);
      reject(err);
      slot.dead = true;
      // A crashed worker fails its in-flight pages; the crawler records them as failed.
      for (const [id, p] of pending) {
        if (p.slot !== slot) continue;
        pending.delete(id);
        p.reject(new Error(`extract worker crashed: ${err.message}`));
      }
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
  shared ??= createExtractPool().then((pool) => ({ extract: pool.extract, close: async () => {} }));
  return shared;
}
