/**
 * A worker process for the kill -9 test: opens the embedded database in DATA_DIR, runs the real
 * task handlers, and prints the watched task's state as JSON lines until it finishes.
 */
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/open.js';
import { registerHandlers } from '../../src/jobs/handlers/index.js';
import { HandlerRegistry } from '../../src/jobs/registry.js';
import { startWorker } from '../../src/jobs/worker.js';

const config = loadConfig(process.env);
const db = await openDatabase(config);
const quiet = { info() {}, warn() {}, error() {} };
const worker = startWorker({ db, config, registry: registerHandlers(new HandlerRegistry()), log: quiet, pollMs: 100, recoverEveryMs: 300 });
const taskId = process.env.WATCH_TASK!;

const timer = setInterval(async () => {
  const [task] = await db.query<{ status: string; attempts: number; error: string | null; progress: unknown }>(
    'SELECT status, attempts, error, progress FROM tasks WHERE id = $1',
    [taskId],
  );
  const [docs] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE task_id = $1', [taskId]);
  process.stdout.write(`${JSON.stringify({ ...task, documents: docs?.n ?? 0 })}\n`);
  if (task?.status === 'completed' || task?.status === 'failed') {
    clearInterval(timer);
    await worker.stop();
    await db.close();
    process.exit(0);
  }
}, 150);
