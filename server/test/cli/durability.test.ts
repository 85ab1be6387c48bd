import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost, idTokenFor } from '../helpers/auth.js';
import { newVisitorId } from '../helpers/app.js';

/**
 * Durability of the embedded server: kill -9 while it crawls the Python docs and 20 visitors send
 * messages, then start it again on the same data dir. Every message the server acknowledged (200)
 * is still there, and the interrupted crawl completes with every page once.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const port = 35_000 + Math.floor(Math.random() * 900);
const sitePort = 39_900 + Math.floor(Math.random() * 90);
const api = `http://127.0.0.1:${port}/api/v1`;
const children: ChildProcess[] = [];
let site: ChildProcess;
let dataDir: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

function serve(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      CRAWL_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
      TASK_LEASE_SECONDS: '5',
      TASK_POLL_MS: '100',
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'docent-durable-'));
  site = spawn('bash', [path.join(ROOT, '..', 'shared', 'corpora', 'serve-pydocs.sh'), String(sitePort)], { stdio: 'ignore' });
  await until('the Python docs server', async () => (await fetch(`http://127.0.0.1:${sitePort}/index.html`)).ok, 30_000);
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  site?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 of the embedded server', () => {
  it('keeps every acknowledged message and completes the interrupted crawl', async () => {
    let server = serve();
    await until('the server', async () => (await fetch(`${api}/health`)).ok, 90_000);
    const headers = { authorization: `Bearer ${await idTokenFor('durable@example.com')}`, 'content-type': 'application/json' };
    const created = await fetch(`${api}/crawl-and-index`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/index.html`, max_depth: 3, max_pages: 120, name: 'Docs' }),
    });
    const bot = (await created.json()).data.chatbot_id as string;

    const visitors = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const visitor = newVisitorId();
        const res = await fetch(`${api}/chatbots/${bot}/conversations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ visitor_id: visitor }) });
        return { visitor, conversation: (await res.json()).data.id as string, acknowledged: [] as string[] };
      }),
    );
    // The burst: every visitor sends question after question until the server dies under them.
    let dead = false;
    const burst = visitors.map(async (v) => {
      for (let i = 0; !dead; i++) {
        try {
          const res = await fetch(`${api}/chatbots/${bot}/conversations/${v.conversation}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ content: `How do I read a file, question ${i}?`, visitor_id: v.visitor }),
          });
          if (res.status === 200) {
            const data = (await res.json()).data as { user_message: { id: string }; assistant_message: { id: string } };
            v.acknowledged.push(data.user_message.id, data.assistant_message.id);
          }
        } catch {
          return; // the connection died with the server: not acknowledged
        }
      }
    });
    await until(
      'the crawl and the burst under way',
      async () => {
        const tasks = (await (await fetch(`${api}/crawl-and-index/tasks/${bot}`, { headers })).json()).data;
        const acked = visitors.reduce((n, v) => n + v.acknowledged.length, 0);
        return tasks[0]?.progress?.indexed >= 10 && acked >= 40 ? true : undefined;
      },
      180_000,
    );
    server.kill('SIGKILL');
    dead = true;
    await Promise.all(burst);

    server = serve();
    await until('the restarted server', async () => (await fetch(`${api}/health`)).ok, 90_000);
    for (const v of visitors) {
      const res = await fetch(`${api}/chatbots/${bot}/conversations/${v.conversation}/messages?visitor_id=${v.visitor}&limit=200`);
      const ids = new Set(((await res.json()).data.messages as { id: string }[]).map((m) => m.id));
      for (const id of v.acknowledged) expect(ids.has(id), `acknowledged message ${id} lost`).toBe(true);
    }
    const task = await until(
      'the interrupted crawl to finish',
      async () => {
        const t = (await (await fetch(`${api}/crawl-and-index/tasks/${bot}`, { headers })).json()).data[0];
        return t?.status === 'completed' || t?.status === 'failed' ? t : undefined;
      },
      300_000,
    );
    expect(task.status).toBe('completed');
    const chatbot = (await (await fetch(`${api}/chatbots/${bot}`, { headers })).json()).data.chatbot;
    expect(chatbot.document_count).toBeGreaterThanOrEqual(100);
    server.kill('SIGTERM');
  }, 720_000);
});
