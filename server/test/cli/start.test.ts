import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortBlock } from '../helpers/freePort.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'docent-start-'));
// The server's port, and the emulator's three after it.
const port = await freePortBlock(4);
const authPort = port + 1;
const base = `http://127.0.0.1:${port}/api/v1`;
const children: ChildProcess[] = [];

/** `npm start` without the build step: the emulator, the API on PGlite and the worker. */
function start(extraEnv: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    AUTH_EMULATOR_PORT: String(authPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  // One process (no tsx wrapper) so the signal reaches the code under test directly.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForHealth(output: () => string): Promise<void> {
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start:\n${output()}`);
}

async function signUp(email: string, emulatorPort = authPort): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(`http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-pw', returnSecureToken: true }),
  });
  if (res.ok) return res.json() as Promise<{ idToken: string; localId: string }>;
  const created = await fetch(`http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-pw', returnSecureToken: true }),
  });
  return created.json() as Promise<{ idToken: string; localId: string }>;
}

const otherDirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const dir of [dataDir, ...otherDirs]) rmSync(dir, { recursive: true, force: true });
});

const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-start-'));
  otherDirs.push(dir);
  return dir;
};

/** Processes whose command line mentions this directory (the emulator's does: --config <dir>/…). */
const processesUsing = (dir: string): string[] =>
  execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(dir));

async function waitForOutput(output: () => string, text: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`never printed "${text}":\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm start', () => {
  // One data directory through four starts (each start is the costly part): a clean start with a
  // second instance refused, kill -9 of Docent alone, kill -9 of everything, SIGTERM, and SIGINT.
  it('starts everything, keeps owners and their bots across kill -9 (whether or not the auth emulator dies too), stops cleanly on SIGTERM and SIGINT and keeps data and users across restarts', async () => {
    const dir = dataDir;
    const emulatorPort = authPort;
    const botsOf = async (email: string) => {
      const { idToken } = await signUp(email, emulatorPort);
      const res = await fetch(`${base}/chatbots`, { headers: { authorization: `Bearer ${idToken}` } });
      return ((await res.json()) as { data: { chatbots: { name: string }[] } }).data.chatbots.map((b) => b.name);
    };
    const createBot = async (email: string, name: string) => {
      const { idToken } = await signUp(email, emulatorPort);
      const res = await fetch(`${base}/crawl-and-index`, {
        method: 'POST',
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/demo/site/`, max_depth: 0, max_pages: 1, name }),
      });
      expect(res.status).toBe(200);
    };
    const killHard = async (r: ReturnType<typeof start>, emulatorToo: boolean) => {
      const emulatorPids = processesUsing(dir).map((line) => Number(line.trim().split(/\s+/)[0]));
      r.child.kill('SIGKILL');
      await r.exited;
      if (emulatorToo) for (const pid of emulatorPids) process.kill(pid, 'SIGKILL');
    };
    const run = async () => {
      const r = start();
      await waitForOutput(r.output, 'Docent is running', 100_000);
      return r;
    };

    const first = start();
    await waitForHealth(first.output);
    expect(first.output()).toContain(`http://127.0.0.1:${port}/`);
    const health = await (await fetch(`${base}/health`)).json();
    expect(health.data).toMatchObject({ status: 'ok', engine: 'pglite', worker: 'running' });

    const user = await signUp('owner@example.com');
    const conv = await fetch(
      `${base}/chatbots/00000000-0000-4000-8000-000000000000/conversations?visitor_id=visitor-AAAAAAAAAAAAAAAAAAAAAAAA`,
    );
    expect(conv.status).toBe(404);
    const listed = await fetch(`${base}/chatbots`, { headers: { authorization: `Bearer ${user.idToken}` } });
    expect(listed.status).toBe(200);

    // A second instance on the same data directory is refused with a clear message.
    const other = start({ PORT: String(port + 1), AUTH_EMULATOR_PORT: String(authPort + 10) });
    expect(await other.exited).toBe(1);
    expect(other.output()).toMatch(/Another Docent process \(pid \d+\) is using the data directory/);

    const alice = await signUp('alice@example.com', emulatorPort);
    await createBot('alice@example.com', 'Alice bot');
    // Bob signs up but never reaches the API: only the emulator knows him when Docent dies.
    const bob = await signUp('bob@example.com', emulatorPort);
    await killHard(first, false);

    // Docent died, its emulator did not: the next start takes over that emulator's users.
    const second = await run();
    // Asked the moment Docent says it runs: the emulator has its users back by then.
    expect((await signUp('alice@example.com', emulatorPort)).localId).toBe(alice.localId);
    expect(await botsOf('alice@example.com')).toEqual(['Alice bot']);
    expect((await signUp('bob@example.com', emulatorPort)).localId).toBe(bob.localId);
    const carol = await signUp('carol@example.com', emulatorPort);
    await createBot('carol@example.com', 'Carol bot');
    await killHard(second, true);

    // Everything died at once (no clean exit anywhere): owners created in that run keep their bots.
    const third = await run();
    expect((await signUp('carol@example.com', emulatorPort)).localId).toBe(carol.localId);
    expect(await botsOf('carol@example.com')).toEqual(['Carol bot']);
    expect(await botsOf('alice@example.com')).toEqual(['Alice bot']);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(processesUsing(dir)).toEqual([]);

    // After a clean stop: a restart keeps the data and the users (same uid), and SIGINT stops it cleanly too.
    const again = start();
    await waitForHealth(again.output);
    const back = await signUp('owner@example.com');
    expect(back.localId).toBe(user.localId);
    expect(await botsOf('alice@example.com')).toEqual(['Alice bot']);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    expect(processesUsing(dir)).toEqual([]);
  }, 400_000);

  it('refuses emulator mode on a non-loopback HOST unless ALLOW_EMULATOR_ON_NETWORK=true, before starting anything', async () => {
    const dir = freshDir();
    const exposed = start({ HOST: '0.0.0.0', DATA_DIR: dir, PORT: String(port + 20), AUTH_EMULATOR_PORT: String(authPort + 20) });
    expect(await exposed.exited).toBe(1);
    expect(exposed.output()).toMatch(/ALLOW_EMULATOR_ON_NETWORK=true/);
    expect(exposed.output()).not.toContain('Starting the Firebase Auth Emulator');
    expect(processesUsing(dir)).toEqual([]);
  }, 60_000);

  it('stops the half-started auth emulator when interrupted during start-up', async () => {
    const dir = freshDir();
    const starting = start({ DATA_DIR: dir, PORT: String(port + 30), AUTH_EMULATOR_PORT: String(authPort + 30) });
    await waitForOutput(starting.output, 'Starting the Firebase Auth Emulator');
    // Give firebase-tools time to spawn and get going, but interrupt before it is ready.
    const deadline = Date.now() + 20_000;
    while (processesUsing(dir).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(processesUsing(dir).length).toBeGreaterThan(0);
    starting.child.kill('SIGINT');
    expect(await starting.exited).toBe(0);
    expect(starting.output()).not.toContain('Docent is running');
    expect(processesUsing(dir)).toEqual([]);
  }, 120_000);

  it('stops the auth emulator it started beside the database when the database cannot be opened', async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'pglite'), 'not a database directory');
    const starting = start({ DATA_DIR: dir, PORT: String(port + 40), AUTH_EMULATOR_PORT: String(authPort + 40) });
    expect(await starting.exited).toBe(1);
    expect(starting.output()).toContain('Starting the Firebase Auth Emulator');
    expect(starting.output()).toContain(
      `Could not open the embedded database in ${path.join(dir, 'pglite')} (file system error: not a directory)`,
    );
    expect(starting.output()).not.toContain('Docent is running');
    expect(processesUsing(dir)).toEqual([]);
    // The lock is released: the next start is not refused as if another process held the data dir.
    expect(existsSync(path.join(dir, 'docent.lock'))).toBe(false);
  }, 120_000);
});
