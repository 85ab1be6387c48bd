/**
 * `npm run bench:startup`: seconds from `npm start` (its build step, then server/src/cli/start.ts:
 * the auth emulator, the embedded database, the API and the worker) to its first healthy answer, on
 * a fresh data dir and then on that existing one: a restart, which finds the front ends already built
 * (the first run builds them if their sources changed). Budget: about 5 s for a restart (README;
 * issue #14 asked ≤ 9 s of the server alone).
 *
 *   npm run bench:startup [-- --runs=3 --root=DIR --server-only]
 * --root runs another checkout's `npm start` (with its own node_modules link), to compare commits;
 * --server-only runs start.ts alone, without the build step.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RUNS = Number(args.runs ?? 3);
const roots = (args.root ?? '.').split(',').map((r) => path.resolve(r));
const serverOnly = 'server-only' in args;

async function startOnce(root: string, dataDir: string): Promise<number> {
  const port = 33_000 + Math.floor(Math.random() * 2000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    AUTH_EMULATOR_PORT: String(port + 3000),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  delete env.DATABASE_URL;
  const started = performance.now();
  // In a process group of its own, so the stop below reaches npm, the build and the server alike.
  const [cmd, cmdArgs] = serverOnly ? [process.execPath, ['--import', 'tsx', 'server/src/cli/start.ts']] : ['npm', ['start', '--silent']];
  const child = spawn(cmd, cmdArgs, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`start.ts exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      if (performance.now() - started > 400_000) throw new Error('not healthy after 400 s'); // a cold build on a loaded machine
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    signalGroup(child.pid!, 'SIGTERM');
    await exited;
    await groupGone(child.pid!); // npm may exit before the server it ran: the next run reuses the data dir
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

async function groupGone(pid: number): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    if (performance.now() > deadline) return signalGroup(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dirs = roots.map(() => mkdtempSync(path.join(tmpdir(), 'docent-startup-')));
const fresh: number[] = [];
const existing: number[][] = roots.map(() => []);
try {
  for (let r = 0; r < roots.length; r++) fresh.push(await startOnce(roots[r]!, dirs[r]!));
  // Then on the data dirs those runs created, alternating between the checkouts.
  for (let i = 0; i < RUNS; i++) for (let r = 0; r < roots.length; r++) existing[r]!.push(await startOnce(roots[r]!, dirs[r]!));
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s1 = (x: number) => x.toFixed(1);
console.table(
  roots.map((root, r) => ({
    checkout: root,
    command: serverOnly ? 'start.ts' : 'npm start',
    'fresh data dir (s)': s1(fresh[r]!),
    [`existing data dir, median of ${RUNS} (s)`]: s1(median(existing[r]!)),
    'existing, every run': existing[r]!.map(s1).join(' '),
  })),
);
