/** `npm run serve`: the API (and front ends) only; with PostgreSQL, run workers separately. */
import { loadConfig } from '../config.js';
import { startServer } from '../main.js';
import { onShutdown } from './shutdown.js';

try {
  const running = await startServer(loadConfig(), 'serve');
  onShutdown(() => running.close());
  console.log(`Docent API listening at ${running.url}/api/v1 (worker: ${running.worker ? 'in process' : 'separate'})`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
