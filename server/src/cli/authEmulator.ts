import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AuthEmulator {
  host: string;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  port: number;
  projectId: string;
  /** Where the emulator's config and its users (persisted across restarts) live; omit to keep nothing. */
  dataDir: string;
  persist?: boolean;
  log?: (line: string) => void;
  /** Aborting (e.g. Ctrl+C during start-up) stops the half-started emulator and rejects. */
  signal?: AbortSignal;
}

/**
 * Start the Firebase Auth Emulator offline: UI disabled (it would try to download), CI=true (no
 * prompts), via the local firebase binary (npx orphans it), in its own process group so SIGTERM
 * reaches every child. Users are exported on exit and imported on the next start.
 */
export async function startAuthEmulator(opts: AuthEmulatorOptions): Promise<AuthEmulator> {
  const dir = path.join(opts.dataDir, 'auth-emulator');
  const exportDir = path.join(dir, 'export');
  mkdirSync(dir, { recursive: true });
  const configPath = path.join(dir, 'firebase.json');
  // Hub and logging ports sit next to the auth port so two instances can run side by side.
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.port },
        hub: { host: '127.0.0.1', port: opts.port + 1 },
        logging: { host: '127.0.0.1', port: opts.port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', opts.projectId, '--config', configPath];
  if (opts.persist !== false) {
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  // firebase-tools finds "its" running hub through os.tmpdir()/hub-<project>.json; with one shared
  // temp dir, two instances of the same project export each other's users. Give each its own.
  const tmp = path.join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const bin = path.join(ROOT, 'node_modules/.bin/firebase');
  const child = spawn(bin, args, {
    cwd: dir,
    env: { ...process.env, TMPDIR: tmp, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', FIREBASE_AUTH_EMULATOR_HOST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
      opts.log?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const host = `127.0.0.1:${opts.port}`;
  // The child is detached (own process group), so nothing else would stop it if we are interrupted now.
  const onAbort = () => void stopGroup(child);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await waitUntilReady(child, host, output, opts.signal);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  return { host, stop: () => stopGroup(child) };
}

async function waitUntilReady(child: ChildProcess, host: string, output: string[], signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + 90_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (signal?.aborted) {
      await stopGroup(child);
      throw new Error('The auth emulator start-up was interrupted.');
    }
    if (exited) throw new Error(`The auth emulator exited during start-up:\n${output.slice(-20).join('\n')}`);
    try {
      const res = await fetch(`http://${host}/emulator/v1/projects/x/config`, { signal: AbortSignal.timeout(1000) });
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stopGroup(child);
  throw new Error(`The auth emulator did not start within 90 s:\n${output.slice(-20).join('\n')}`);
}

const stopping = new WeakMap<ChildProcess, Promise<void>>();

/**
 * SIGTERM the emulator's process group and wait (it exports users on the way out); SIGKILL after 20 s.
 * Once per child: a second SIGTERM would make firebase-tools quit without exporting.
 */
function stopGroup(child: ChildProcess): Promise<void> {
  let pending = stopping.get(child);
  if (!pending) stopping.set(child, (pending = signalAndWait(child)));
  return pending;
}

function signalAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signalGroup(child.pid!, 'SIGTERM');
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  }
}
