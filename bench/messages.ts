/**
 * Public message listing throughput: GET …/messages?visitor_id=… served by `npm run serve` in its
 * own process, loaded by autocannon from this one. Two loads per engine: one conversation read over
 * and over (the server's message cache answers), and 2,500 conversations of 50 messages read in
 * turn, each by its own visitor (more than the cache holds, so every read goes to the database).
 * PGlite always; PostgreSQL too with BENCH_DATABASE_URL=postgres://… (a schema of its own, dropped
 * afterwards); printed side by side. Budget (DESIGN §7): ≥ 1,000 requests/s on 2 cores, p99 ≤ 50 ms.
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
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 2500);
const MESSAGES = 50;

interface Seeded {
  botId: string;
  conversations: { id: string; visitorId: string }[];
}

/** One bot with CONVERSATIONS conversations of MESSAGES messages, each with its own visitor. */
async function seed(db: Db): Promise<Seeded> {
  await migrate(db);
  const botId = randomUUID();
  await db.query(`INSERT INTO chatbots (id, owner_uid, name) VALUES ($1, 'bench', 'Bench')`, [botId]);
  const conversations = Array.from({ length: CONVERSATIONS }, (_, i) => ({
    id: randomUUID(),
    visitorId: `visitor-bench${String(i).padStart(17, '0')}`,
  }));
  for (let i = 0; i < conversations.length; i += 250) {
    const batch = conversations.slice(i, i + 250);
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO conversations (id, chatbot_id, visitor_id, title, message_count, last_message_at)
         SELECT c.id, $1, c.visitor, 'Bench', $4, now() FROM unnest($2::uuid[], $3::text[]) AS c(id, visitor)`,
        [botId, batch.map((c) => c.id), batch.map((c) => c.visitorId), MESSAGES],
      );
      // Answers carry sources, as real ones do.
      await tx.query(
        `INSERT INTO messages (id, conversation_id, role, content, sources, "index", outcome)
         SELECT gen_random_uuid(), c.id, CASE WHEN i % 2 = 1 THEN 'user' ELSE 'assistant' END,
                'Message ' || i || ': ' || repeat('lorem ipsum dolor sit amet ', 8),
                CASE WHEN i % 2 = 1 THEN '[]'::jsonb
                     ELSE jsonb_build_array(jsonb_build_object('url', 'https://docs.example/page/' || i, 'title', 'Page ' || i, 'snippet', repeat('snippet text ', 10))) END,
                i, CASE WHEN i % 2 = 1 THEN NULL ELSE 'answer' END
           FROM unnest($1::uuid[]) AS c(id), generate_series(1, $2::int) AS i`,
        [batch.map((c) => c.id), MESSAGES],
      );
    });
  }
  return { botId, conversations };
}

async function startServer(env: NodeJS.ProcessEnv, probe: string) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/serve.ts'], { env, stdio: 'inherit' });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(probe)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return server;
}

const line = (load: string, engine: string, r: autocannon.Result) => ({
  load,
  engine,
  requests_per_s: Math.round(r.requests.average),
  latency_p50_ms: r.latency.p50,
  latency_p99_ms: r.latency.p99,
  errors: r.errors + r.non2xx,
});

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<ReturnType<typeof line>[]> {
  const port = 38_000 + Math.floor(Math.random() * 1000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'docent-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const schema = `bench_${Date.now()}`;
  const db = engine === 'postgres' ? await openPostgres({ url: databaseUrl!, schema }) : await openPglite(path.join(dataDir, 'pglite'));
  const seeded = await seed(db);
  if (engine === 'pglite') await db.close();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_IP_PER_MINUTE: '100000000',
    ...(engine === 'postgres'
      ? { DATABASE_URL: `${databaseUrl}${databaseUrl!.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` }
      : {}),
  };
  if (engine === 'pglite') delete env.DATABASE_URL;
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  const base = `http://127.0.0.1:${port}/api/v1/chatbots/${seeded.botId}/conversations`;
  const pathOf = (c: { id: string; visitorId: string }) =>
    `${base}/${c.id}/messages?visitor_id=${c.visitorId}`.slice(`http://127.0.0.1:${port}`.length);
  const first = seeded.conversations[0]!;
  const server = await startServer(env, `http://127.0.0.1:${port}${pathOf(first)}`);
  const results: ReturnType<typeof line>[] = [];
  try {
    const url = `http://127.0.0.1:${port}${pathOf(first)}`;
    await autocannon({ url, connections: 10, duration: 2 }); // warm-up: JIT, connections
    results.push(line('one conversation (cached)', engine, await autocannon({ url, connections: 20, duration: seconds })));
    // Each request reads the next conversation: 2,500 in turn never fit the 2,000-entry cache.
    let next = 0;
    const rotate = {
      setupRequest: (req: { path: string }) => {
        req.path = pathOf(seeded.conversations[next++ % seeded.conversations.length]!);
        return req;
      },
    };
    results.push(
      line(
        `${CONVERSATIONS} conversations (uncached)`,
        engine,
        await autocannon({ url, connections: 20, duration: seconds, requests: [rotate] }),
      ),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    if (engine === 'postgres') {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

const all = [...(await benchEngine('pglite')), ...(process.env.BENCH_DATABASE_URL ? await benchEngine('postgres') : [])];
for (const r of all) console.log(JSON.stringify(r));
console.log(
  `\npublic message listing, ${MESSAGES} messages per conversation, 20 connections, ${seconds} s (budget: >= 1000 req/s, p99 <= 50 ms)`,
);
console.log(['load', 'engine', 'req/s', 'p50 ms', 'p99 ms', 'errors', ''].join('\t'));
for (const r of all) {
  const ok = r.requests_per_s >= 1000 && r.latency_p99_ms <= 50 && r.errors === 0;
  console.log(
    [r.load, r.engine, r.requests_per_s, r.latency_p50_ms, r.latency_p99_ms, r.errors, ok ? 'within budget' : 'OVER BUDGET'].join('\t'),
  );
}
