import { Worker } from 'node:worker_threads';
import type { ExtractedPage } from './extract.js';

/** One extraction worker thread as the pool sees it (extractPool.ts). */
export interface Slot<J> {
  worker: Worker;
  /** Sent to the worker, in order; the first is the one being parsed. */
  jobs: J[];
  /** Stops the first job's time-limit checks (extractQueue.ts). */
  stopClock?: () => void;
  /** The thread's id (Linux), so its first page's clock can leave out its waits for a core (threadClock.ts). */
  tid?: number;
}

export type WorkerAnswer = { page?: ExtractedPage; error?: string };

/** How the pool makes a worker thread; tests pass one that fails to start. */
export type SpawnWorker = () => Worker;

// A hostile page can only exhaust its worker's heap, not the server's.
export const spawnExtractWorker: SpawnWorker = () =>
  new Worker(new URL('./extractWorker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 } });

/**
 * A worker that has reported ready, or the reason it could not start (it threw, exited, or stayed
 * silent past `startTimeoutMs`). Nothing here waits on the event loop: Worker's constructor only
 * creates the thread, and a worker that is given up on is terminated without waiting.
 */
export function startWorker<J>(
  spawn: SpawnWorker,
  startTimeoutMs: number,
  onMessage: (slot: Slot<J>, msg: WorkerAnswer) => void,
  onDeath: (slot: Slot<J>, err: Error) => void,
): Promise<Slot<J>> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = spawn();
    } catch (err) {
      return reject(err instanceof Error ? err : new Error(String(err)));
    }
    const slot: Slot<J> = { worker, jobs: [] };
    let ready = false;
    const giveUp = (err: Error) => {
      clearTimeout(timer);
      worker.removeAllListeners().on('error', () => {});
      void worker.terminate();
      reject(err);
    };
    const timer = setTimeout(() => giveUp(new Error(`the extraction worker did not start within ${startTimeoutMs} ms`)), startTimeoutMs);
    worker.on('message', (msg: WorkerAnswer & { ready?: boolean; tid?: number }) => {
      if (!msg.ready) return onMessage(slot, msg);
      ready = true;
      slot.tid = typeof msg.tid === 'number' ? msg.tid : undefined;
      clearTimeout(timer);
      worker.unref();
      resolve(slot);
    });
    const die = (err: Error) => {
      // A crashed worker fails its page (the crawler records it as failed) and is replaced.
      if (ready) onDeath(slot, new Error(`extract worker crashed: ${err.message}`));
      else giveUp(err);
    };
    worker.on('error', die);
    worker.on('exit', (code) => die(new Error(`extract worker exited (${code})`)));
  });
}
