/**
 * The server process of bench/eventLoop.ts: `startServer` as `npm start` runs it (API and in-process
 * worker on the embedded database in DATA_DIR), with its main thread's event-loop delay recorded by
 * `monitorEventLoopDelay`. Talks to the benchmark over IPC:
 *   → { ready }                                 once listening
 *   ← { cmd: 'reset' }                          the measured window starts now
 *   → { task: status }                          the watched task (WATCH_TASK) completed or failed
 *   ← { cmd: 'report' } → { report: {…} }       delay over the window, in ms
 *   ← { cmd: 'stop' }                           close and exit
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../server/src/config.js';
import { startServer } from '../server/src/main.js';

const send = (msg: unknown) => process.send!(msg);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const running = await startServer(loadConfig(), 'all');
const taskId = process.env.WATCH_TASK;

let windowStart = performance.now();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'reset') {
    delay.reset();
    windowStart = performance.now();
  } else if (msg.cmd === 'report') {
    send({
      report: {
        windowMs: Math.round(performance.now() - windowStart),
        max: ms(delay.max),
        p99: ms(delay.percentile(99)),
        p50: ms(delay.percentile(50)),
        mean: ms(delay.mean),
        p999: ms(delay.percentile(99.9)),
      },
    });
  } else if (msg.cmd === 'stop') {
    void running.close().then(() => process.exit(0));
  }
});

if (taskId) {
  const poll = setInterval(async () => {
    const [row] = await running.ctx.db.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [taskId]);
    if (row?.status === 'completed' || row?.status === 'failed') {
      clearInterval(poll);
      send({ task: row.status });
    }
  }, 250);
}
send({ ready: true });
