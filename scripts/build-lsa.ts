/**
 * Build the LSA space of every bot of a PGlite data dir (or of DATABASE_URL) that has live chunks:
 * `tsx scripts/build-lsa.ts DATA_DIR/pglite`. A crawl builds its bot's space when SEMANTIC_LEGS has
 * `lsa`; this is for bots indexed before the leg was turned on (e.g. an eval data dir). Not while
 * another process holds the PGlite data dir.
 */
import { buildLsaSpace } from '../server/src/embeddings/lsaSpace.js';
import type { Db } from '../server/src/db/db.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { openPostgres } from '../server/src/db/postgres.js';

const target = process.argv[2] ?? process.env.DATABASE_URL;
if (!target) throw new Error('usage: tsx scripts/build-lsa.ts PGLITE_DIR (or DATABASE_URL=postgres://…)');
const db: Db = target.startsWith('postgres') ? await openPostgres({ url: target }) : await openPglite(target);
try {
  await migrate(db);
  const bots = await db.query<{ id: string; name: string }>(
    `SELECT b.id::text AS id, b.name FROM chatbots b WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.chatbot_id = b.id AND c.live) ORDER BY b.name`,
  );
  for (const b of bots) {
    const built = await buildLsaSpace(db, b.id);
    console.log(JSON.stringify({ bot: b.name, ...built }));
  }
} finally {
  await db.close();
}
