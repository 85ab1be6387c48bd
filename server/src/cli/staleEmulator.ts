import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The emulator runs in its own process group (so a SIGTERM reaches all of it), which also means a
 * kill -9 of Docent leaves it running: holding the port, and the only copy of any user not saved
 * yet. Its pid is recorded beside its config so the next start can find it, save its users and
 * stop it, instead of failing on the port or talking to a stranger.
 */
const RECORD = 'emulator-process.json';

/** Remember the running emulator's process group and address. */
export function recordEmulator(dir: string, pid: number | undefined, host: string): void {
  if (pid) writeFileSync(path.join(dir, RECORD), JSON.stringify({ pid, host }));
}

/** If an emulator from an earlier run of this data dir still runs, save its users, then stop it. */
export async function stopStaleEmulator(dir: string, configPath: string, saveUsers: (host: string) => Promise<void>): Promise<void> {
  const file = path.join(dir, RECORD);
  let record: { pid?: unknown; host?: unknown };
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as typeof record;
  } catch {
    return;
  }
  const { pid, host } = record;
  // The pid may have been reused since: only a process started with this very config is ours.
  if (typeof pid === 'number' && typeof host === 'string' && commandLine(pid).includes(configPath)) {
    await saveUsers(host).catch((err: unknown) =>
      console.error(`Could not save the users of the previous auth emulator: ${err instanceof Error ? err.message : String(err)}`),
    );
    signalGroup(pid, 'SIGTERM');
    if (!(await exited(pid, 20_000))) {
      signalGroup(pid, 'SIGKILL');
      await exited(pid, 5_000);
    }
  }
  rmSync(file, { force: true });
}

function commandLine(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return ''; // no such process
  }
}

async function exited(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Signal a whole process group (falling back to the one process). */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
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
