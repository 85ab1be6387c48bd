import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared, type Db } from '../../src/db/db.js';
import { openTestDb } from '../helpers/db.js';

/**
 * Statements marked prepared() are parsed and planned once per session (PGlite's worker) or
 * connection (PostgreSQL) and reused (issue #40). They must answer as the unmarked text does, with
 * each run's own parameters, also once PostgreSQL has switched to a generic plan (after five runs),
 * and keep working when their table changes under them (a migration by another process).
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  await db.query('CREATE TABLE prep_probe (id int PRIMARY KEY, word text NOT NULL)');
  await db.query(`INSERT INTO prep_probe SELECT i, 'word ' || i FROM generate_series(1, 50) AS i`);
});
afterAll(() => db?.close());

const BY_ID = prepared('SELECT * FROM prep_probe WHERE id = $1');

describe('prepared statements', () => {
  it('answer as the plain statement does, run after run, with each run its own parameters', async () => {
    for (let id = 1; id <= 20; id++) {
      const marked = await db.query(BY_ID, [id]);
      expect(marked).toEqual(await db.query('SELECT * FROM prep_probe WHERE id = $1', [id]));
      expect(marked).toEqual([{ id, word: `word ${id}` }]);
    }
    expect(await db.query(BY_ID, [999])).toEqual([]);
  });

  it('keep working, with the new columns, when their table changes under them', async () => {
    for (let id = 1; id <= 8; id++) await db.query(BY_ID, [id]);
    // A change this handle does not see as DDL (another process's migration, or DDL run by a function).
    await db.query(`DO $$ BEGIN EXECUTE 'ALTER TABLE prep_probe ADD COLUMN note text NOT NULL DEFAULT ''new'''; END $$`);
    expect(await db.query(BY_ID, [3])).toEqual([{ id: 3, word: 'word 3', note: 'new' }]);
    expect(await db.query(BY_ID, [4])).toEqual([{ id: 4, word: 'word 4', note: 'new' }]);
  });

  it('run inside transactions too, and an error in one leaves them usable', async () => {
    const got = await db.transaction(async (tx) => tx.query(BY_ID, [5]));
    expect(got).toHaveLength(1);
    await expect(db.transaction(async (tx) => tx.query(prepared('SELECT 1 / $1::int AS x'), [0]))).rejects.toThrow();
    expect(await db.query(prepared('SELECT 1 / $1::int AS x'), [1])).toEqual([{ x: 1 }]);
  });
});
