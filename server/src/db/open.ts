import path from 'node:path';
import type { Config } from '../config.js';
import type { Db } from './db.js';
import { lockDataDir } from './dataDirLock.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** Open the configured engine, lock it if embedded, and bring its schema up to date. */
export async function openDatabase(config: Config): Promise<Db> {
  if (config.database.kind === 'postgres') {
    const db = await openPostgres({ url: config.database.url });
    await migrate(db);
    return db;
  }
  const unlock = lockDataDir(path.dirname(config.database.dataDir));
  try {
    const db = await openPglite(config.database.dataDir, { thread: config.PGLITE_THREAD === 'on' });
    await migrate(db);
    const close = db.close.bind(db);
    return {
      ...db,
      close: async () => {
        await close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
