import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { hasCluster, saveTemplate, TEMPLATE_CACHE_DIR, templateFile } from './clusterTemplate.js';
import type { Db } from './db.js';
import { lockDataDir } from './dataDirLock.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export interface OpenOptions {
  /** Where copies of a new, migrated embedded database are kept (clusterTemplate.ts); tests pass their own. */
  templateCacheDir?: string;
}

/** Open the configured engine, lock it if embedded, and bring its schema up to date. */
export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Db> {
  if (config.database.kind === 'postgres') {
    const db = await openPostgres({ url: config.database.url });
    await migrate(db);
    return db;
  }
  const unlock = lockDataDir(path.dirname(config.database.dataDir));
  try {
    const { dataDir } = config.database;
    // A new database starts from a kept copy of a migrated one when there is one, and leaves one for
    // the next when there is not (clusterTemplate.ts).
    const template = hasCluster(dataDir) ? undefined : templateFile(options.templateCacheDir ?? TEMPLATE_CACHE_DIR);
    const from = template && existsSync(template) ? template : undefined;
    const db = await openPglite(dataDir, { thread: config.PGLITE_THREAD === 'on', from });
    await migrate(db);
    if (template && !from) await saveTemplate(db, template);
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
