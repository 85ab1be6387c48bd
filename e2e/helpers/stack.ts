import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePortRange } from './ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Stack {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  authEmulatorPort: number;
  dataDir: string;
  /** The last lines the server printed (for failure messages). */
  logs: string[];
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Extra environment (e.g. LLM_BASE_URL of a fake LLM server); undefined values are ignored. */
  env?: Record<string, string | undefined>;
  /** How long to wait for the auth emulator and server. */
  timeoutMs?: number;
  /** The server's port (the emulator takes the next three): to restart on the same origin. */
  basePort?: number;
  /**
   * Start an auth emulator of its own, exactly as `npm start` does (its users saved in the data dir,
   * kept across a restart). Otherwise the stack signs owners in on the run's one emulator
   * (e2e/vitest.config.ts): an emulator's start costs about 12 s of a core, the largest part of a
   * stack's start, and only a test of `npm start` itself needs its own.
   */
  ownAuthEmulator?: boolean;
}

/**
 * Starts the real product the way `npm start` does (node --import tsx server/src/cli/start.ts: auth emulator,
 * API on a fresh PGlite data dir, in-process worker, built front ends) on free ports.
 * Requires `npm run build` beforehand (npm run test:e2e does it).
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  // A port checked free can still be taken before the server binds it (by another file's stack);
  // when the ports were ours to pick, pick again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOn(opts.basePort ?? (await freePortRange(4)), opts);
    } catch (err) {
      if (opts.basePort !== undefined || attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startStackOn(base: number, opts: StackOptions): Promise<Stack> {
  const port = base;
  const shared = opts.ownAuthEmulator ? undefined : inject('authEmulatorHost');
  const authEmulatorPort = shared ? Number(new URL(`http://${shared}`).port) : base + 1;
  const dataDir = opts.env?.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'docent-e2e-'));
  const ownDataDir = !opts.env?.DATA_DIR;
  const logs: string[] = [];
  // One process, as `npm start` runs it: the tsx CLI would sit between us and the server, pass our
  // SIGTERM on a second time and SIGKILL the server when it did not confirm the signal within 60 ms.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: String(authEmulatorPort),
      LOG_LEVEL: 'warn',
      // Set: start.ts starts no emulator and the server trusts this one's tokens (emulator mode).
      FIREBASE_AUTH_EMULATOR_HOST: shared ?? '',
      FIREBASE_API_KEY: '',
      DATABASE_URL: '',
      PUBLIC_URL: '',
      ...Object.fromEntries(Object.entries(opts.env ?? {}).filter((e): e is [string, string] => e[1] !== undefined)),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      logs.push(line);
      if (logs.length > 300) logs.shift();
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exited = false;
  child.once('exit', () => (exited = true));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited && child.pid) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 30_000); // longer than the auth emulator's own 20 s to export its users and exit
      await gone;
      clearTimeout(timer);
      // Whatever else the server started in its group (the auth emulator has a group of its own,
      // which the server stops and waits for) must be gone before its data dir is removed.
      await groupGone(child.pid);
    }
    // The auth emulator runs in a group of its own, which the server stops on the way out; a server
    // killed before it got there leaves it behind (holding ports for the rest of the run). Its pid is
    // recorded in the data dir, so nothing outlives the stack either way.
    await stopLeftoverEmulator(dataDir, logs);
    // A caller-provided data dir is theirs to keep (e.g. to restart on the same data).
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 150_000);
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`The server exited during start-up:\n${logs.slice(-40).join('\n')}`);
    }
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return { url, port, authEmulatorPort, dataDir, logs, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`The server did not become healthy in time:\n${logs.slice(-40).join('\n')}`);
}

async function stopLeftoverEmulator(dataDir: string, logs: string[]): Promise<void> {
  let pid: unknown;
  try {
    pid = (JSON.parse(readFileSync(path.join(dataDir, 'auth-emulator', 'emulator-process.json'), 'utf8')) as { pid?: unknown }).pid;
  } catch {
    return; // no emulator recorded, or it removed its record
  }
  if (typeof pid !== 'number') return;
  let args = '';
  try {
    args = execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return; // already gone
  }
  if (!args.includes(dataDir)) return; // the pid was reused: not ours
  console.warn(`e2e stack: the auth emulator (pid ${pid}) outlived its server; stopping it.\n${logs.slice(-20).join('\n')}`);
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  await groupGone(pid, 20_000);
}

/** Resolves once no process of the group is left, killing what remains after `graceMs`. */
async function groupGone(pgid: number, graceMs = 10_000): Promise<void> {
  const alive = () => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + graceMs;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (!alive()) return;
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
  // A zombie nobody reaps would answer forever; what matters is that nothing still writes.
  const killed = Date.now() + 5_000;
  while (alive() && Date.now() < killed) await new Promise((r) => setTimeout(r, 50));
}
