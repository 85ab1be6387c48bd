import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres.js';
import { emulatorHost, idTokenFor } from '../helpers/auth.js';

// Runs in the PostgreSQL pass only (vitest.config.ts): API and workers as separate processes.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const url = process.env.TEST_DATABASE_URL!;
const schema = `t_scale_${randomUUID().slice(0, 8)}`;
const port = 36_000 + Math.floor(Math.random() * 2000);
const api = `http://127.0.0.1:${port}/api/v1`;
const children: ChildProcess[] = [];
let site: Server;
let sitePort: number;

const PAGES: Record<string, string> = {
  '/': '<h1>Acme Rockets</h1><p>Rockets for every budget.</p><a href="/fuel">Fuel</a> <a href="/launch">Launch</a>',
  '/fuel': '<h1>Fuel</h1><p>Our rockets burn liquid oxygen and kerosene for a clean, repeatable thrust profile.</p>',
  '/launch': '<h1>Launch checklist</h1><p>Check the weather, clear the pad, then count down from ten.</p>',
};

function run(script: string, output: string[]): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
    PORT: String(port),
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    CRAWL_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
    TASK_POLL_MS: '100',
    LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

beforeAll(async () => {
  site = createServer((req, res) => {
    const body = PAGES[req.url ?? ''];
    if (req.url === '/robots.txt' || !body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Acme</title><main>${body}</main>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
  // Create the schema first, as an operator would create the database.
  const admin = await openPostgres({ url, schema });
  await admin.close();
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  site?.close();
  const admin = await openPostgres({ url });
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.close();
});

describe('scale-out on PostgreSQL', () => {
  it('serves the API from one process while separate worker processes crawl and index', async () => {
    const logs: string[] = [];
    const serve = run('server/src/cli/serve.ts', logs);
    const workers = [run('server/src/cli/worker.ts', logs), run('server/src/cli/worker.ts', logs)];
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${api}/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (Date.now() > deadline) throw new Error(logs.join(''));
      await new Promise((r) => setTimeout(r, 200));
    }
    const health = (await (await fetch(`${api}/health`)).json()).data;
    expect(health).toMatchObject({ engine: 'postgres', worker: 'off' });

    const headers = { authorization: `Bearer ${await idTokenFor('scale@example.com')}`, 'content-type': 'application/json' };
    const created = await fetch(`${api}/crawl-and-index`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/`, max_depth: 2, max_pages: 10, name: 'Acme', description: '' }),
    });
    expect(created.status).toBeLessThan(300);
    const { chatbot_id } = (await created.json()).data;

    let status = '';
    while (Date.now() < deadline + 60_000) {
      const tasks = (await (await fetch(`${api}/crawl-and-index/tasks/${chatbot_id}`, { headers })).json()).data;
      status = tasks[0]?.status;
      if (status === 'completed' || status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const bot = (await (await fetch(`${api}/chatbots/${chatbot_id}`, { headers })).json()).data.chatbot;
    expect(status, JSON.stringify(bot.urls)).toBe('completed');
    expect(bot.document_count).toBe(3);
    // Exactly one worker process ran the task.
    expect(logs.join('').match(/"msg":"task completed"/g)?.length).toBe(1);

    for (const child of [serve, ...workers]) child.kill('SIGTERM');
    expect(await Promise.all([serve, ...workers].map(exited))).toEqual([0, 0, 0]);
  }, 150_000);
});
