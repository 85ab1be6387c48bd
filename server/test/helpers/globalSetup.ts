import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
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
  const port = await freePortBlock();
  try {
    return { emulator: await startAuthEmulator({ port, projectId: 'demo-docent', dataDir: dir, persist: false }), dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** A port whose next two neighbours are free as well (the emulator's hub and logging ports). */
async function freePortBlock(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await isFree(port)) && (await isFree(port + 1)) && (await isFree(port + 2))) return port;
  }
  throw new Error('no free port block for the auth emulator');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}
