import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPEAT_WINDOW_MS } from '../../src/cli/shutdown.js';

const CHILD = path.join(import.meta.dirname, 'fixtures', 'shutdownChild.ts');

/** Starts the child, sends SIGTERM at each of `at` (ms after it is ready), and returns how it ended. */
async function run(cleanupMs: number, at: number[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, CLEANUP_MS: String(cleanupMs) } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => (output.includes('ready') ? resolve() : setTimeout(check, 20));
    child.once('exit', () => reject(new Error(`exited before it was ready:\n${output}`)));
    check();
  });
  for (const t of at) setTimeout(() => child.kill('SIGTERM'), t);
  return { code: await ended, output };
}

describe('shutdown on a signal', () => {
  it('takes the same signal delivered twice at once (group and wrapper) as one request, and finishes its cleanup', async () => {
    const { code, output } = await run(500, [0, 30]);
    expect(output).toContain('cleanup done');
    expect(output).not.toContain('forced');
    expect(code).toBe(0);
  });

  it('exits at once on a second signal sent later, stopping what must not outlive it first', async () => {
    const { code, output } = await run(20_000, [0, REPEAT_WINDOW_MS + 300]);
    expect(output).toContain('cleanup started');
    expect(output).not.toContain('cleanup done');
    expect(output).toContain('forced');
    expect(code).toBe(130);
  });
});
