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
}
const KEY = Symbol.for('docent.test.authEmulator');
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

export async function setup(project: TestProject): Promise<void> {
  let shared = registry[KEY];
  if (!shared) {
    shared = registry[KEY] = { users: 0, started: startOne() };
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
}

async function startOne(): Promise<{ emulator: AuthEmulator; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-auth-'));
  const port = await freePortBlock(3);
  try {
    return { emulator: await startAuthEmulator({ port, projectId: 'demo-docent', dataDir: dir, persist: false }), dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}
