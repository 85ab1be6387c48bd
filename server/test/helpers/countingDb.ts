import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { openPostgres } from '../../src/db/postgres.js';
import { buildTestApp, type TestApp } from './app.js';
import { signIn } from './auth.js';
import { openTestDb } from './db.js';

/** A database handle that counts the statements sent through it: a cache's hits ask nothing. */
export type CountingDb = Db & { count: number };

export function counting(db: Db): CountingDb {
  const counted = {
    ...db,
    count: 0,
    query: (sql: string, params?: readonly unknown[]) => {
      counted.count++;
      return db.query(sql, params);
    },
  } as CountingDb;
  return counted;
}

/** A fresh test database (`base`), an app over a counting handle on it, and its owner signed in. */
export async function countedApp(
  ownerEmail: string,
): Promise<{ base: Db; db: CountingDb; t: TestApp; owner: { idToken: string; uid: string } }> {
  const base = await openTestDb();
  const db = counting(base);
  const t = await buildTestApp({ db });
  const owner = await signIn(ownerEmail);
  return { base, db, t, owner };
}

/**
 * Another server process on `base`'s PostgreSQL schema, for the tests of the describe block it is
 * called in: a pool of its own, as another process would have, so the app over it has caches of
 * its own. Opened before the block's tests, closed after them.
 */
export function otherProcess(base: () => Db): { app: TestApp; db: CountingDb } {
  const other = {} as { app: TestApp; db: CountingDb };
  beforeAll(async () => {
    const schema = (await base().query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
    other.db = counting(await openPostgres({ url: process.env.TEST_DATABASE_URL!, schema, max: 4 }));
    other.app = await buildTestApp({ db: other.db });
  });
  afterAll(async () => {
    await other.app?.close();
    await other.db?.close();
  });
  return other;
}

/**
 * Read until a repeated read asks the database nothing: on PostgreSQL a cache keeps nothing until its
 * notice connection listens. `what` names what never came from memory when it fails.
 */
export async function untilFromMemory(counted: CountingDb, read: () => Promise<unknown>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await read();
    const before = counted.count;
    await read();
    if (counted.count === before) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} never came from memory`);
}
