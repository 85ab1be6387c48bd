// Worker-thread entry for building a bot's LSA space (lsaSpace.ts). Plain JS so it starts under any
// parent (tsx, vitest, node); it registers tsx to load the TypeScript builder. One build per thread:
// the parent sends pages of chunks, then `build`, and gets the space back (its arrays transferred).
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import { runAtLowestPriority } from '../threadPriority.mjs';

runAtLowestPriority(); // a crawl's finishing work yields the cores to visitors' answers
register();
const { LsaBuilder, LSA_SETTINGS } = await import('./lsaBuild.ts');
const builder = new LsaBuilder({ ...LSA_SETTINGS, ...(workerData?.settings ?? {}) });

parentPort.on('message', (msg) => {
  try {
    if (msg.rows) {
      for (const [id, tsv] of msg.rows) builder.add(id, tsv);
      parentPort.postMessage({ added: builder.size });
      return;
    }
    const started = performance.now();
    const space = builder.build();
    parentPort.postMessage({ space, ms: performance.now() - started }, [
      space.idf.buffer,
      space.termVectors.buffer,
      space.chunkVectors.buffer,
    ]);
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
parentPort.postMessage({ ready: true });
