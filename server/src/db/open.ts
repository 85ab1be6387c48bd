import { existsSync, readdirSync, rmSync } from 'node:fs';
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
    let from = template && existsSync(template) ? template : undefined;
    const thread = config.PGLITE_THREAD === 'on';
    // Only a new, empty data dir may be cleared after a failed unpack (asked only when there is a copy).
    const emptyBefore = from !== undefined && isEmptyOrMissing(dataDir);
    let db: Db;
    try {
      db = await openPglite(dataDir, { thread, from });
    } catch (err) {
      if (!from || !emptyBefore) throw err;
      // A copy that cannot be read (damaged on disk): drop it and what it half unpacked into the
      // new, empty data dir, and create the database the slow way; its copy replaces the bad one.
      rmSync(from, { force: true });
      rmSync(dataDir, { recursive: true, force: true });
      from = undefined;
      db = await openPglite(dataDir, { thread });
    }
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

/** Whether `dir` does not exist or holds nothing (a file there is neither: its error is reported as it is). */
function isEmptyOrMissing(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
