/** `npm run worker`: a task worker process for the PostgreSQL deployment. */
import pino from 'pino';
import { loadConfig } from '../config.js';
import { composeWorker } from '../context/composeWorker.js';
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
// The database and the worker are built as the server builds its own (context/composeWorker.ts);
// the process-wide providers end with the process, as before.
const { worker, close } = await composeWorker(config, {
  log,
  beforeWorker: (db) => announceEmbeddings(config, db, log),
});
log.info({ worker: worker.id }, 'worker started');
onShutdown(close);
