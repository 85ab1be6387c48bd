import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether a small file can be written to (and removed from) a directory: a full, read-only or
 * vanished disk fails it. Cheap (a few bytes through libuv's thread pool), so /health can run it
 * on every call; the embedded database keeps its data there and would fail its next write too.
 */
export async function canWrite(dir: string): Promise<boolean> {
  const probe = path.join(dir, `.health-probe-${process.pid}`);
  try {
    await writeFile(probe, String(Date.now()));
    return true;
  } catch {
    return false;
  } finally {
    await rm(probe, { force: true }).catch(() => {});
  }
}
