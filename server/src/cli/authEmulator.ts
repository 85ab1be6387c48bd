import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorUsers, hasSavedUsers, type EmulatorUsers } from './emulatorUsers.js';
import { recordEmulator, signalGroup, stopStaleEmulator } from './staleEmulator.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'emulatorPreload.cjs');

export interface AuthEmulator {
  host: string;
  /** Saves the users to disk (undefined when `persist` is false). */
  users?: EmulatorUsers;
  stop(): Promise<void>;
  /** Signals the emulator's process group at once, without saving or waiting: for a forced exit. */
  forceStop(): void;
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
 * reaches every child. Users are saved by `emulatorUsers` (on demand and on stop) and imported on
 * the next start. Resolves only once the emulator says it is ready, which it says after the import:
 * its port answers earlier, and a sign-in then would create a new account for a returning owner.
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
  const host = `127.0.0.1:${opts.port}`;
  const users = opts.persist === false ? undefined : emulatorUsers(host, opts.projectId, exportDir);
  // An emulator left behind by a crashed Docent still holds its users (and our port): save them, stop it.
  await stopStaleEmulator(dir, configPath, (staleHost) =>
    users ? emulatorUsers(staleHost, opts.projectId, exportDir).save() : Promise.resolve(),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', opts.projectId, '--config', configPath];
  if (users && hasSavedUsers(exportDir)) args.push('--import', exportDir);
  // firebase-tools finds "its" running hub through os.tmpdir()/hub-<project>.json; with one shared
  // temp dir, two instances of the same project export each other's users. Give each its own.
  const tmp = path.join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const bin = path.join(ROOT, 'node_modules/.bin/firebase');
  // Validators compiled on first use rather than all before listening: 9 s → under 1 s (see the preload).
  const nodeOptions = [process.env.NODE_OPTIONS, `--require ${JSON.stringify(PRELOAD)}`].filter(Boolean).join(' ');
  const child = spawn(bin, args, {
    cwd: dir,
    env: {
      ...process.env,
      NODE_OPTIONS: nodeOptions,
      TMPDIR: tmp,
      CI: 'true',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  recordEmulator(dir, child.pid, host);
  const output: string[] = [];
  const state = { ready: false };
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      if (line.includes('All emulators ready')) state.ready = true;
      output.push(line);
      if (output.length > 200) output.shift();
      opts.log?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  // The child is detached (own process group), so nothing else would stop it if we are interrupted now.
  const onAbort = () => void stopGroup(child);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await waitUntilReady(child, host, output, state, opts.signal);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  let stopped: Promise<void> | undefined;
  const stop = async () => {
    // Save before the signal: once it is sent the emulator no longer answers.
    await users
      ?.save()
      .catch((err: unknown) =>
        console.error(`Could not save the auth emulator's users: ${err instanceof Error ? err.message : String(err)}`),
      );
    await stopGroup(child);
  };
  const forceStop = () => {
    if (child.pid && child.exitCode === null && child.signalCode === null) signalGroup(child.pid, 'SIGTERM');
  };
  return { host, users, stop: () => (stopped ??= stop()), forceStop };
}

async function waitUntilReady(
  child: ChildProcess,
  host: string,
  output: string[],
  state: { ready: boolean },
  signal?: AbortSignal,
): Promise<void> {
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
      // Both: our child has finished starting (and importing), and the port answers.
      const url = `http://${host}/emulator/v1/projects/x/config`;
      // eslint-disable-next-line no-restricted-globals -- polls the emulator this CLI just started on loopback, not an outside host
      const res = state.ready ? await fetch(url, { signal: AbortSignal.timeout(1000) }) : undefined;
      if (res && res.status < 500) return;
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
 * SIGTERM the emulator's process group and wait; SIGKILL after 20 s. Once per child.
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
