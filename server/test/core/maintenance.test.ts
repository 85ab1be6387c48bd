import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { maintainAfterWrites } from '../../src/db/maintenance.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { registerCrawlHandlers } from '../../src/jobs/handlers/crawlTasks.js';
import { HandlerRegistry } from '../../src/jobs/registry.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';
import { onPostgres } from '../helpers/db.js';

// PostgreSQL runs autovacuum itself; this is about the embedded engine, which has none.
let db: Db;

const stats = async (table: string) =>
  (
    await db.query<{ analyses: number; vacuums: number }>(
      'SELECT analyze_count::int AS analyses, vacuum_count::int AS vacuums FROM pg_stat_user_tables WHERE relname = $1',
      [table],
    )
  )[0]!;
/** Pending-list pages a flush would clean now: 0 when the full-text index holds every row. */
const pendingGin = async () => (await db.query<{ n: number }>(`SELECT gin_clean_pending_list('items_tsv')::int AS n`))[0]!.n;
const insertItems = (from: number, to: number) =>
  db.query(`INSERT INTO items SELECT g, 'word' || g || ' shared text of item ' || g FROM generate_series($1::int, $2::int) g`, [from, to]);

beforeAll(async () => {
  if (onPostgres()) return;
  db = await openPglite(undefined);
  await db.query(
    `CREATE TABLE items (id int PRIMARY KEY, body text, tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED)`,
  );
  await db.query('CREATE INDEX items_tsv ON items USING gin (tsv)');
  await db.query('CREATE TABLE untouched (id int)');
  await insertItems(1, 10_000);
  await db.query('VACUUM ANALYZE items');
  await maintainAfterWrites(db); // settle: nothing is left over from the set-up
});

afterAll(async () => {
  await db?.close();
});

describe.skipIf(onPostgres())('maintenance after writes on PGlite', () => {
  it('after a small write, flushes only the full-text index and analyses nothing', async () => {
    const before = await stats('items');
    await insertItems(10_001, 10_200); // 2% more rows: a small crawl in a large data dir
    const done = await maintainAfterWrites(db);
    expect(done).toEqual({ analyzed: [], vacuumed: [], ginFlushed: ['items'] });
    expect(await stats('items')).toEqual(before);
    expect(await pendingGin()).toBe(0);
    // The new rows are found through the index.
    expect(await db.query(`SELECT id FROM items WHERE tsv @@ 'word10150'::tsquery`)).toEqual([{ id: 10_150 }]);
  });

  it('analyses a table once enough of it changed, and leaves the others alone', async () => {
    const before = await stats('items');
    await insertItems(10_201, 11_500); // past 50 + 10% since the last analyse
    const done = await maintainAfterWrites(db);
    expect(done.analyzed).toEqual(['items']);
    expect(done.vacuumed).toEqual([]);
    expect((await stats('items')).analyses).toBe(before.analyses + 1);
    expect((await stats('untouched')).analyses).toBe(0);
    // Nothing changed since: a second pass does nothing at all.
    expect(await maintainAfterWrites(db)).toEqual({ analyzed: [], vacuumed: [], ginFlushed: [] });
  });

  it('vacuums once a replaced generation leaves enough dead rows', async () => {
    await db.query('DELETE FROM items WHERE id <= 1000'); // under 50 + 20% of the rows: left for later
    expect((await maintainAfterWrites(db)).vacuumed).toEqual([]);
    await db.query('DELETE FROM items WHERE id <= 3000');
    const done = await maintainAfterWrites(db);
    expect(done.vacuumed).toEqual(['items']);
    expect(done.analyzed).toEqual(['items']);
  });
});

describe.skipIf(onPostgres())('maintenance across a restart', () => {
  it('analyses a table that grew before the data dir was reopened (its change counters start at zero)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-maint-'));
    try {
      const first = await openPglite(dir);
      await first.query('CREATE TABLE grown (id int)');
      await first.query('INSERT INTO grown SELECT generate_series(1, 1000)');
      await first.query('ANALYZE grown');
      await first.query('INSERT INTO grown SELECT generate_series(1, 5000)');
      await first.close();
      const second = await openPglite(dir);
      try {
        expect((await maintainAfterWrites(second)).analyzed).toEqual(['grown']);
        expect(await second.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'grown'`)).toEqual([
          { n: 6000 },
        ]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(onPostgres())('a crawl task', () => {
  let site: FixtureSite;
  let crawlDb: Db;
  beforeAll(async () => {
    site = await startSite();
    // The run's migrated template (pgliteTemplate.ts): no initdb, and the migrations have nothing to do.
    crawlDb = await openPglite(undefined, { from: inject('pgliteTemplate') });
    await migrate(crawlDb);
  });
  afterAll(async () => {
    await site?.close();
    await crawlDb?.close();
  });

  it('leaves the chunks it wrote analysed, so answers use the full-text index at once', async () => {
    const bot = await insertChatbot(crawlDb, { ownerUid: 'owner-maint' });
    const registry = new HandlerRegistry();
    registerCrawlHandlers(registry);
    await registry.get('crawl_and_index')!({
      db: crawlDb,
      config: loadConfig({ CRAWL_ALLOW_HOSTS: site.host, LOG_LEVEL: 'silent' }),
      task: {
        id: randomUUID(),
        chatbot_id: bot.id,
        task_type: 'crawl_and_index',
        params: { url: `${site.origin}/`, max_depth: 3, max_pages: 100 },
        attempts: 1,
      },
      signal: new AbortController().signal,
      progress: async () => {},
    });
    const [chunks] = await crawlDb.query<{ analysed: boolean; rows: number }>(
      `SELECT s.last_analyze IS NOT NULL AS analysed, c.reltuples::int AS rows FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'chunks'`,
    );
    const n = (await crawlDb.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks'))[0]!.n;
    expect(chunks).toEqual({ analysed: true, rows: n });
  });
});
