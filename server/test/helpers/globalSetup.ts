import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator, type AuthEmulator } from '../../src/cli/authEmulator.js';

let emulator: AuthEmulator | undefined;
let dir: string | undefined;

/** Start one real Firebase Auth Emulator for the whole run; tests mint real ID tokens from it. */
export async function setup(project: TestProject): Promise<void> {
  dir = mkdtempSync(path.join(tmpdir(), 'docent-auth-'));
  const port = await freePortBlock();
  emulator = await startAuthEmulator({ port, projectId: 'demo-docent', dataDir: dir, persist: false });
  project.provide('authEmulatorHost', emulator.host);
}

export async function teardown(): Promise<void> {
  await emulator?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
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
