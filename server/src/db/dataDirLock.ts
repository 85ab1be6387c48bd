import { closeSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface LockOptions {
  /** The pid written into the lock (tests simulate another process with it). */
  pid?: number;
  /** Test hook: runs while a stale lock is being taken over, to interleave a competing process. */
  duringTakeover?: () => void;
}

// How long to wait for another process that is taking over a stale lock right now.
const TAKEOVER_WAIT_MS = 2000;
// A takeover marker this old whose writer never wrote its pid belongs to a process that died mid-way.
const EMPTY_MARKER_STALE_MS = 10_000;

/**
 * Two processes opening one PGlite data dir corrupt it silently, so the embedded mode takes an
 * exclusive lock file first. link(2) fails atomically when the lock exists. A lock left by a dead
 * process (kill -9) is taken over; since "is it stale? then delete it" is two steps, two processes
 * taking over at once could each delete the other's fresh lock. So the takeover happens under a
 * second, O_EXCL-created marker file, the staleness is re-checked under it, and the lock is read back
 * afterwards to confirm ownership.
 */
export function lockDataDir(dir: string, opts: LockOptions = {}): () => void {
  const pid = opts.pid ?? process.pid;
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'docent.lock');
  const tmp = path.join(dir, `.docent.lock.${pid}`);
  writeFileExclusive(tmp, String(pid), 'w');
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (tryLink(tmp, lockPath)) return confirmed(lockPath, pid, dir);
      assertNotHeld(lockPath, pid, dir);
      // Stale (or our own pid, e.g. npm start then openDatabase in one process): take it over.
      const release = takeoverMarker(dir, pid);
      try {
        opts.duringTakeover?.();
        // Re-check under the marker: someone may have taken it over in the meantime.
        assertNotHeld(lockPath, pid, dir);
        try {
          unlinkSync(lockPath);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
        if (tryLink(tmp, lockPath)) return confirmed(lockPath, pid, dir);
      } finally {
        release();
      }
    }
    throw new Error(`Could not lock the data directory ${dir}`);
  } finally {
    unlinkSync(tmp);
  }
}

function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Read the lock back: if it does not name us, another process won a race we could not see. */
function confirmed(lockPath: string, pid: number, dir: string): () => void {
  const holder = readPid(lockPath);
  if (holder !== pid) throw new Error(`Could not lock the data directory ${dir}: process ${holder ?? '?'} took it at the same time`);
  return () => {
    try {
      if (readPid(lockPath) === pid) unlinkSync(lockPath);
    } catch {
      /* already gone */
    }
  };
}

/** Throws the user-facing error when a live process other than us holds the lock. */
function assertNotHeld(lockPath: string, pid: number, dir: string): void {
  const holder = readPid(lockPath);
  if (holder && holder !== pid && isAlive(holder)) {
    throw new Error(
      `Another Docent process (pid ${holder}) is using the data directory ${dir}. ` +
        'The embedded database cannot be shared between processes: stop that process, choose another DATA_DIR, ' +
        'or use PostgreSQL (DATABASE_URL) to run several processes.',
    );
  }
}

/**
 * The right to take over a stale lock: a marker created with O_EXCL, holding our pid. A marker whose
 * process is dead is removed; a live one is waited for (its takeover takes microseconds).
 */
function takeoverMarker(dir: string, pid: number): () => void {
  const marker = path.join(dir, 'docent.lock.takeover');
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    try {
      writeFileExclusive(marker, String(pid), 'wx');
      return () => {
        try {
          if (readPid(marker) === pid) unlinkSync(marker);
        } catch {
          /* gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readPid(marker);
    const abandoned = owner ? owner !== pid && !isAlive(owner) : markerAgeMs(marker) > EMPTY_MARKER_STALE_MS;
    if (owner === pid || abandoned) {
      try {
        unlinkSync(marker);
      } catch {
        /* someone else removed it */
      }
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`Could not lock the data directory ${dir}: another process is starting on it right now`);
    }
    sleepSync(20);
  }
}

function writeFileExclusive(file: string, text: string, flags: 'w' | 'wx'): void {
  const fd = openSync(file, flags);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function readPid(file: string): number | undefined {
  try {
    const n = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

function markerAgeMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
