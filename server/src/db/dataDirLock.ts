import { closeSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Two processes opening one PGlite data dir corrupt it silently, so the embedded mode takes an
 * exclusive lock file first. link(2) fails atomically when the lock exists; a lock left by a dead
 * process (kill -9) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'docent.lock');
  const tmp = path.join(dir, `.docent.lock.${process.pid}`);
  const fd = openSync(tmp, 'w');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(tmp, lockPath);
        return () => {
          try {
            if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = Number(readFileSync(lockPath, 'utf8'));
        if (holder && holder !== process.pid && isAlive(holder)) {
          throw new Error(
            `Another Docent process (pid ${holder}) is using the data directory ${dir}. ` +
              'The embedded database cannot be shared between processes: stop that process, choose another DATA_DIR, ' +
              'or use PostgreSQL (DATABASE_URL) to run several processes.',
          );
        }
        unlinkSync(lockPath); // stale: its process is gone
      }
    }
    throw new Error(`Could not lock the data directory ${dir}`);
  } finally {
    unlinkSync(tmp);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
