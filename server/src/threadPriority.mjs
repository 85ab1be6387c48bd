// Background worker threads (a crawl's page parsing, a crawl's passage embeddings) run at the lowest
// CPU priority, so on a small machine the visitors' answers on the main thread and the database
// thread get the cores first. Linux sets a nice value per thread, so this touches the calling thread
// only; elsewhere (macOS, Windows) it would lower the whole server, so it is left alone there.
import { setPriority } from 'node:os';

export function runAtLowestPriority() {
  if (process.platform !== 'linux') return false;
  try {
    setPriority(19);
    return true;
  } catch {
    return false; // a sandbox that forbids it: the thread keeps the server's priority
  }
}
