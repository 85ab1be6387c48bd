// Worker-thread entry for page extraction (see extractPool.ts). Plain JS so it starts under any
// parent (tsx, vitest, node); it registers tsx to load the TypeScript extractor.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { extractPage } = await import('./extract.ts');

parentPort.on('message', (msg) => {
  try {
    parentPort.postMessage({ page: extractPage(msg.html, msg.url, msg.opts) });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
parentPort.postMessage({ ready: true });
