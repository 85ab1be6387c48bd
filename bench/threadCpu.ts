/**
 * CPU time per thread of a command (Linux): runs it and reads every thread's user + system time from
 * /proc/PID/task/TID/stat every STEP_MS, then prints each busy thread's CPU seconds and its share of a
 * core per interval. Unlike a CPU profile, which counts a thread as busy while the machine's other
 * load keeps it off a core (and the extraction worker runs at the lowest priority), this is time on
 * a core. Node names every thread "node": tell them apart by when they work (bench/README.md).
 *
 *   npx tsx bench/threadCpu.ts -- node --import tsx bench/crawl.ts --sites=generated --only=docent
 *   STEP_MS=1000 BUCKET_S=2 npx tsx bench/threadCpu.ts -- …
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const cmd = argv[0] === '--' ? argv.slice(1) : argv;
if (cmd.length === 0) throw new Error('usage: npx tsx bench/threadCpu.ts -- COMMAND ARGS…');
const STEP_MS = Number(process.env.STEP_MS ?? 500);
const BUCKET_S = Number(process.env.BUCKET_S ?? 2);
const TICKS_PER_S = 100; // USER_HZ on Linux

const child = spawn(cmd[0]!, cmd.slice(1), { stdio: 'inherit' });
const started = Date.now();
/** Thread id → samples of [seconds since start, CPU ticks]. */
const threads = new Map<string, [number, number][]>();

function sample(): void {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${child.pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
      const series = threads.get(tid) ?? [];
      series.push([(Date.now() - started) / 1000, ticks]);
      threads.set(tid, series);
    } catch {
      // the thread ended between the listing and the read
    }
  }
}

const timer = setInterval(sample, STEP_MS);
child.on('exit', () => {
  clearInterval(timer);
  const busy = [...threads]
    .map(([tid, s]) => ({ tid, s, cpu: (s.at(-1)![1] - s[0]![1]) / TICKS_PER_S }))
    .filter((t) => t.cpu >= 0.3)
    .sort((a, b) => b.cpu - a.cpu);
  console.log('\nCPU seconds per thread (at least 0.3 s):');
  for (const t of busy) console.log(`  thread ${t.tid}: ${t.cpu.toFixed(1)} s`);
  const ticksAt = (s: [number, number][], at: number) => s.reduce((v, [t, k]) => (t <= at ? k : v), s[0]![1]);
  const end = Math.max(...busy.map((t) => t.s.at(-1)![0]));
  console.log(`\nshare of a core per ${BUCKET_S} s:\n   t/s ${busy.map((t) => t.tid.padStart(8)).join('')}     sum`);
  for (let at = 0; at < end; at += BUCKET_S) {
    const shares = busy.map((t) => (ticksAt(t.s, at + BUCKET_S) - ticksAt(t.s, at)) / TICKS_PER_S / BUCKET_S);
    const cells = shares.map((x) => `${Math.round(100 * x)}%`.padStart(8)).join('');
    console.log(`${String(at).padStart(6)} ${cells}${`${Math.round(100 * shares.reduce((a, b) => a + b, 0))}%`.padStart(8)}`);
  }
});
