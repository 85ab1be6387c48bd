/** `npm run worker`: a task worker process for the PostgreSQL deployment. */
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { registerHandlers } from '../jobs/handlers/index.js';
import { HandlerRegistry } from '../jobs/registry.js';
import { startWorker } from '../jobs/worker.js';
import { logExtractPoolTo } from '../crawl/extractPool.js';
import { announceEmbeddings } from '../embeddings/announce.js';
import { onShutdown } from './shutdown.js';

const config = loadConfig();
if (config.database.kind !== 'postgres') {
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the worker runs inside npm start / npm run serve.',
  );
  process.exit(1);
}
const log = pino({ level: config.LOG_LEVEL });
logExtractPoolTo(log);
const db = await openDatabase(config);
await announceEmbeddings(config, db, log);
const worker = startWorker({ db, config, registry: registerHandlers(new HandlerRegistry()), log });
log.info({ worker: worker.id }, 'worker started');
onShutdown(async () => {
  await worker.stop();
  await db.close();
});
