/**
 * `npm run bench:dbhop`: what the thread hop costs. The same small queries on PGlite in this thread
 * and on its worker thread (alternating, in-memory, migrated schema): wall time per query, and how
 * much of it this thread spends busy (event-loop utilisation), which is what HTTP cannot use.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';

const N = Number(process.env.BENCH_QUERIES ?? 2000);
const ROUNDS = 3;

const cases: Record<string, { sql: string; params: (bot: string) => unknown[] }> = {
  'chatbot by id (1 row)': { sql: 'SELECT * FROM chatbots WHERE id = $1', params: (bot) => [bot] },
  'messages of a conversation (50 rows)': {
    sql: `SELECT m.* FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.chatbot_id = $1 ORDER BY m."index"`,
    params: (bot) => [bot],
  },
};

const results: Record<string, Record<string, number[]>> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const thread of [false, true]) {
    const db = await openPglite(undefined, { thread });
    await migrate(db);
    const bot = randomUUID();
    const conv = randomUUID();
    await db.query(`INSERT INTO chatbots (id, owner_uid, name) VALUES ($1, 'bench', 'Bench')`, [bot]);
    await db.query(`INSERT INTO conversations (id, chatbot_id, visitor_id, title) VALUES ($1, $2, $3, 'c')`, [
      conv,
      bot,
      `visitor-${'x'.repeat(22)}`,
    ]);
    for (let i = 1; i <= 50; i++) {
      await db.query(`INSERT INTO messages (id, conversation_id, role, content, "index") VALUES ($1, $2, 'user', $3, $4)`, [
        randomUUID(),
        conv,
        'lorem ipsum '.repeat(20),
        i,
      ]);
    }
    for (const [name, c] of Object.entries(cases)) {
      for (let i = 0; i < 200; i++) await db.query(c.sql, c.params(bot)); // warm-up
      const elu = performance.eventLoopUtilization();
      const t = performance.now();
      for (let i = 0; i < N; i++) await db.query(c.sql, c.params(bot));
      const wallUs = ((performance.now() - t) * 1000) / N;
      const busyUs = (performance.eventLoopUtilization(elu).active * 1000) / N;
      const key = thread ? 'worker thread' : 'main thread';
      ((results[name] ??= {})[`${key}: wall µs`] ??= []).push(wallUs);
      (results[name][`${key}: main-thread busy µs`] ??= []).push(busyUs);
    }
    await db.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const table = Object.fromEntries(
  Object.entries(results).map(([name, cols]) => [
    name,
    Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, Math.round(median(v))])),
  ]),
);
console.log(`median of ${ROUNDS} alternating rounds, ${N} sequential queries each`);
console.table(table);
