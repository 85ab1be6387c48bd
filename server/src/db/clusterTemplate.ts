import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';
import { MIGRATIONS_DIR } from './migrate.js';

/**
 * A new embedded database starts as a copy of an empty, migrated one. Creating a cluster (PGlite's
 * initdb in WASM) and applying every migration took about 6 s of a first start here; unpacking a
 * copy takes about 2 s. The copy is made by the first start that has none (a gzipped tar of its data
 * dir right after migrating, about 5 MB) and kept in the install's cache, named after what makes it
 * valid: the engine's and pgvector's versions and every migration's text. Another version or another
 * set of migrations has a copy of its own, so none ever holds a schema this code does not know.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the copies live: the usual place for an install's caches, gone with node_modules. */
export const TEMPLATE_CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'docent');

/** The version in a package's package.json (its exports do not expose the file). */
function packageVersion(name: string): string {
  const entry = createRequire(import.meta.url).resolve(name);
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The file the copy for this engine and these migrations is (or would be) kept in. */
export function templateFile(cacheDir = TEMPLATE_CACHE_DIR, migrationsDir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')}\npgvector ${packageVersion('@electric-sql/pglite-pgvector')}\n`);
  for (const file of readdirSync(migrationsDir).sort()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(migrationsDir, file)));
  }
  return path.join(cacheDir, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** Whether the data dir already holds a cluster (PostgreSQL writes PG_VERSION first). */
export function hasCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Keep a copy of a database that was just created and migrated and has nothing else yet. Best
 * effort: a cache that cannot be written (a read-only install) only means the next new database is
 * created the slow way too.
 */
export async function saveTemplate(db: Db, file: string): Promise<boolean> {
  if (!db.dumpTo) return false;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await db.dumpTo(file);
    return true;
  } catch {
    return false;
  }
}
