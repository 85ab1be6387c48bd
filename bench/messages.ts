/**
 * Public message listing throughput: GET …/messages?visitor_id=… for one conversation of 50
 * messages, served by `npm run serve` in its own process, loaded by autocannon from this one.
 * Budget (DESIGN §7): ≥ 1,000 requests/s on 2 cores, p99 ≤ 50 ms.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { openPostgres } from '../server/src/db/postgres.js';
import type { Db } from '../server/src/db/db.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = 38_000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'docent-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const schema = `bench_${Date.now()}`;

async function seed(db: Db): Promise<{ botId: string; convId: string; visitorId: string }> {
  await migrate(db);
  const botId = randomUUID();
  const convId = randomUUID();
  const visitorId = `visitor-${'b'.repeat(22)}`;
  await db.query(`INSERT INTO chatbots (id, owner_uid, name) VALUES ($1, 'bench', 'Bench')`, [botId]);
  await db.query(`INSERT INTO conversations (id, chatbot_id, visitor_id, title, message_count) VALUES ($1, $2, $3, 'Bench', 50)`, [convId, botId, visitorId]);
  for (let i = 1; i <= 50; i++) {
    await db.query(`INSERT INTO messages (id, conversation_id, role, content, "index") VALUES ($1, $2, $3, $4, $5)`, [
      randomUUID(),
      convId,
      i % 2 ? 'user' : 'assistant',
      `Message ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}`,
      i,
    ]);
  }
  return { botId, convId, visitorId };
}

const db = databaseUrl ? await openPostgres({ url: databaseUrl, schema }) : await openPglite(path.join(dataDir, 'pglite'));
const ids = await seed(db);
if (!databaseUrl) await db.close();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_IP_PER_MINUTE: '100000000',
  ...(databaseUrl ? { DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` } : {}),
};
delete env.FIREBASE_AUTH_EMULATOR_HOST;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/serve.ts'], { env, stdio: 'inherit' });
const url = `http://127.0.0.1:${port}/api/v1/chatbots/${ids.botId}/conversations/${ids.convId}/messages?visitor_id=${ids.visitorId}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(url)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}

await autocannon({ url, connections: 10, duration: 2 }); // warm-up
const result = await autocannon({ url, connections: 20, duration: seconds });
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
if (databaseUrl) {
  await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
}
rmSync(dataDir, { recursive: true, force: true });

const line = {
  bench: 'public message listing (50 messages)',
  engine: databaseUrl ? 'postgres' : 'pglite',
  requests_per_s: Math.round(result.requests.average),
  latency_p50_ms: result.latency.p50,
  latency_p99_ms: result.latency.p99,
  errors: result.errors + result.non2xx,
  budget: '>= 1000 req/s, p99 <= 50 ms',
};
console.log(JSON.stringify(line));
const pass = line.requests_per_s >= 1000 && line.latency_p99_ms <= 50 && line.errors === 0;
console.log(pass ? 'within budget' : 'OVER BUDGET');
