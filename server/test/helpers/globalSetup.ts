import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePortBlock } from './freePort.js';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator, type AuthEmulator } from '../../src/cli/authEmulator.js';

/**
 * One real Firebase Auth Emulator for the whole run, shared by every server project (server and
 * server-pg): Vitest runs each project's globalSetup in its own module runner but in the same main
 * process, so the emulator lives on globalThis with a count of the projects using it. Tests mint
 * real ID tokens from it.
 */
interface Shared {
  users: number;
  started: Promise<{ emulator: AuthEmulator; dir: string }>;
  /** Stops the emulator at once, started or half-started: for a run that ends without teardown. */
  forceStop: () => void;
}
const KEY = Symbol.for('docent.test.authEmulator');
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

export async function setup(project: TestProject): Promise<void> {
  let shared = registry[KEY];
  if (!shared) {
    shared = registry[KEY] = startOne();
    // A failed start must not be handed to the next project.
    shared.started.catch(() => (registry[KEY] = undefined));
  }
  shared.users += 1;
  const { emulator } = await shared.started;
  project.provide('authEmulatorHost', emulator.host);
}

export async function teardown(): Promise<void> {
  const shared = registry[KEY];
  if (!shared || --shared.users > 0) return;
  registry[KEY] = undefined;
  const { emulator, dir } = await shared.started;
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
  process.off('exit', shared.forceStop);
  process.off('SIGHUP', onHangUp);
}

function startOne(): Shared {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-auth-'));
  const starting = new AbortController();
  let up: AuthEmulator | undefined;
  const started = (async () => {
    try {
      const port = await freePortBlock(3);
      up = await startAuthEmulator({ port, projectId: 'demo-docent', dataDir: dir, persist: false, signal: starting.signal });
      return { emulator: up, dir };
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  })();
  // The emulator runs in a process group of its own (authEmulator.ts), so Ctrl+C, which signals the
  // terminal's foreground group, never reaches it; and Vitest answers SIGINT/SIGTERM with
  // process.exit(), skipping teardown. So on exit, however it comes, signal the emulator's group
  // (synchronously: nothing async runs in an 'exit' handler), or abort its start if still starting.
  const forceStop = () => {
    starting.abort();
    up?.forceStop();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', forceStop);
  process.once('SIGHUP', onHangUp);
  return { users: 0, started, forceStop };
}

/** A closed terminal (SIGHUP) kills Vitest without an 'exit' event: stop the emulator, then die of the signal. */
function onHangUp(): void {
  registry[KEY]?.forceStop();
  process.kill(process.pid, 'SIGHUP');
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}
