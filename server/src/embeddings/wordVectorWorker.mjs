// Worker-thread entry for the word-vector leg (wordVectors.ts). Plain JS so it starts under any
// parent (tsx, vitest, node); it registers tsx to load the TypeScript reader. It reads the vectors
// once (seconds, 136 MB for GloVe's 341k words) and then turns texts into SIF averages, off the
// server's main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { loadWordVectors, sifVector } = await import('./wordVectorFile.ts');
let vectors;
try {
  vectors = loadWordVectors(workerData.file);
} catch (err) {
  parentPort.postMessage({ error: String((err && err.message) || err) });
  process.exit(1);
}

parentPort.on('message', (msg) => {
  const out = new Float32Array(msg.texts.length * vectors.dims);
  msg.texts.forEach((t, i) => out.set(sifVector(vectors, t), i * vectors.dims));
  parentPort.postMessage({ id: msg.id, dims: vectors.dims, vectors: out }, [out.buffer]);
});
parentPort.postMessage({ ready: true, dims: vectors.dims, words: vectors.index.size });
