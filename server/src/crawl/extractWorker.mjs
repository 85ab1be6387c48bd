// Worker-thread entry for page extraction (see extractPool.ts). Plain JS so it starts under any
// parent (tsx, vitest, node); it registers tsx to load the TypeScript extractor.
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import { runAtLowestPriority } from '../threadPriority.mjs';

register();
const { extractPage } = await import('./extract.ts');
const { extractPdf } = await import('./pdf.ts');
// A crawl's parsing yields the cores to visitors' answers. Only once the modules are loaded: at the
// lowest priority, loading them on a busy machine waits behind every other runnable thread, and
// starts have been seen to outlast the start limit (extractPool.ts) there.
runAtLowestPriority();

async function handle(msg) {
  if (msg.pdf) return extractPdf(msg.pdf, msg.url, { maxChars: msg.opts.maxMarkdownChars });
  return extractPage(msg.html, msg.url, msg.opts);
}

// One page at a time, answered in the order sent: the pool matches each answer to its oldest job,
// and a PDF is read asynchronously (PDF.js), so the next message must wait for it.
let previous = Promise.resolve();
parentPort.on('message', (msg) => {
  previous = previous.then(async () => {
    try {
      parentPort.postMessage({ page: await handle(msg) });
    } catch (err) {
      parentPort.postMessage({ error: String((err && err.message) || err) });
    }
  });
});
// The thread's id lets the pool leave the time this thread waits for a core out of its pages' time
// limits (threadClock.ts). /proc/thread-self reads "<pid>/task/<tid>"; Linux only.
function threadId() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || undefined;
  } catch {
    return undefined;
  }
}

parentPort.postMessage({ ready: true, tid: threadId() });
