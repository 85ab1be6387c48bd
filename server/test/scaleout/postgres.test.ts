import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { openPostgres } from '../../src/db/postgres.js';
import { INTERRUPTED_ANSWER } from '../../src/answer/turns/interrupted.js';
import { startFakeLlm } from '../answer/fakeLlm.js';
import { emulatorHost, idTokenFor } from '../helpers/auth.js';
import { freePortBlock } from '../helpers/freePort.js';

// Runs in the PostgreSQL pass only (vitest.config.ts): API and workers as separate processes.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const url = process.env.TEST_DATABASE_URL!;
const schema = `t_scale_${randomUUID().slice(0, 8)}`;
const port = await freePortBlock(1);
const api = `http://127.0.0.1:${port}/api/v1`;
const children: ChildProcess[] = [];
let site: Server;
let sitePort: number;

const PAGES: Record<string, string> = {
  '/': '<h1>Acme Rockets</h1><p>Rockets for every budget.</p><a href="/fuel">Fuel</a> <a href="/launch">Launch</a>',
  '/fuel': '<h1>Fuel</h1><p>Our rockets burn liquid oxygen and kerosene for a clean, repeatable thrust profile.</p>',
  '/launch': '<h1>Launch checklist</h1><p>Check the weather, clear the pad, then count down from ten.</p>',
};

function run(script: string, output: string[], extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
    PORT: String(port),
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    CRAWL_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
    TASK_POLL_MS: '100',
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  children.push(child);
  return child;
}

async function healthy(base: string, logs: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(logs.join(''));
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

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
    await healthy(api, logs);
    const deadline = Date.now() + 60_000;
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

  it('keeps question and answer together when two API processes take sends to one conversation', async () => {
    // Each answer streams slowly from the model, so the second send arrives while the first is answering.
    const llm = await startFakeLlm([
      { kind: 'stream', deltas: ['First ', 'answer.'], delayMs: 600 },
      { kind: 'stream', deltas: ['Second answer.'] },
    ]);
    const logs: string[] = [];
    const other = port + 1;
    const llmEnv = { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model' };
    const servers = [
      run('server/src/cli/serve.ts', logs, llmEnv),
      run('server/src/cli/serve.ts', logs, { ...llmEnv, PORT: String(other) }),
    ];
    const [a, b] = [api, `http://127.0.0.1:${other}/api/v1`];
    try {
      await Promise.all([healthy(a, logs), healthy(b, logs)]);
      const admin = await openPostgres({ url, schema });
      const bot = (await insertChatbot(admin, { ownerUid: 'owner', name: 'Acme' })).id;
      // Without retrieval the question goes straight to the model.
      await admin.query('UPDATE chatbots SET rag_enabled = false WHERE id = $1', [bot]);
      await admin.close();

      const visitor = `visitor-${randomUUID().replace(/-/g, '')}`;
      const json = { 'content-type': 'application/json' };
      const conversation = (
        await (
          await fetch(`${a}/chatbots/${bot}/conversations`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ visitor_id: visitor }),
          })
        ).json()
      ).data;
      const send = (base: string, content: string) =>
        fetch(`${base}/chatbots/${bot}/conversations/${conversation.id}/messages`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ content, visitor_id: visitor }),
        });
      const first = send(a, 'What fuel do the rockets burn?');
      while (llm.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
      const second = send(b, 'And how is a launch counted down?');
      expect((await Promise.all([first, second])).map((r) => r.status)).toEqual([200, 200]);

      const list = await (await fetch(`${b}/chatbots/${bot}/conversations/${conversation.id}/messages?visitor_id=${visitor}`)).json();
      expect(list.data.messages.map((m: { index: number; role: string; content: string }) => [m.index, m.role, m.content])).toEqual([
        [1, 'user', 'What fuel do the rockets burn?'],
        [2, 'assistant', 'First answer.'],
        [3, 'user', 'And how is a launch counted down?'],
        [4, 'assistant', 'Second answer.'],
      ]);
      // The second answer was asked with the first exchange in its history.
      const asked = llm.requests[1]!.body.messages.map((m) => m.content).join('\n');
      expect(asked).toContain('What fuel do the rockets burn?');
      expect(asked).toContain('First answer.');
    } finally {
      for (const child of servers) child.kill('SIGTERM');
      await Promise.all(servers.map(exited));
      await llm.close();
    }
  }, 150_000);
  it('answers a question left by an API process killed mid-turn when the next turn comes', async () => {
    // The model never answers the first question: its process is killed while it waits.
    const llm = await startFakeLlm([
      { kind: 'hang', ms: 60_000 },
      { kind: 'stream', deltas: ['Second answer.'] },
    ]);
    const logs: string[] = [];
    const other = port + 2;
    const llmEnv = { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', PORT: String(port + 3) };
    const doomed = run('server/src/cli/serve.ts', logs, llmEnv);
    const survivor = run('server/src/cli/serve.ts', logs, { ...llmEnv, PORT: String(other) });
    const [a, b] = [`http://127.0.0.1:${port + 3}/api/v1`, `http://127.0.0.1:${other}/api/v1`];
    try {
      await Promise.all([healthy(a, logs), healthy(b, logs)]);
      const admin = await openPostgres({ url, schema });
      const bot = (await insertChatbot(admin, { ownerUid: 'owner', name: 'Acme' })).id;
      await admin.query('UPDATE chatbots SET rag_enabled = false WHERE id = $1', [bot]);
      await admin.close();

      const visitor = `visitor-${randomUUID().replace(/-/g, '')}`;
      const json = { 'content-type': 'application/json' };
      const conversation = (
        await (
          await fetch(`${a}/chatbots/${bot}/conversations`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ visitor_id: visitor }),
          })
        ).json()
      ).data;
      const send = (base: string, content: string) =>
        fetch(`${base}/chatbots/${bot}/conversations/${conversation.id}/messages`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ content, visitor_id: visitor }),
        });
      void send(a, 'What fuel do the rockets burn?').catch(() => {});
      while (llm.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
      doomed.kill('SIGKILL');
      await exited(doomed);

      // The next turn (in another process) waits out the dead holder's turn, then closes the question.
      expect((await send(b, 'And how is a launch counted down?')).status).toBe(200);
      const list = await (await fetch(`${b}/chatbots/${bot}/conversations/${conversation.id}/messages?visitor_id=${visitor}`)).json();
      expect(list.data.messages.map((m: { index: number; role: string; content: string }) => [m.index, m.role, m.content])).toEqual([
        [1, 'user', 'What fuel do the rockets burn?'],
        [2, 'assistant', INTERRUPTED_ANSWER],
        [3, 'user', 'And how is a launch counted down?'],
        [4, 'assistant', 'Second answer.'],
      ]);
    } finally {
      doomed.kill('SIGKILL');
      survivor.kill('SIGTERM');
      await exited(survivor);
      await llm.close();
    }
  }, 150_000);
});
