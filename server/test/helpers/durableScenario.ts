import { expect } from 'vitest';
import { sitePage, startChangingSite, type ChangingSite } from '../fixtures/sites/changingSite.js';
import { newVisitorId } from './app.js';
import { emulatorHost, idTokenFor } from './auth.js';

/**
 * The durability scenario shared by the embedded server (PGlite) and the PostgreSQL deployment:
 * kill -9 the processes while a crawl runs and 20 visitors send messages, start them again, and
 * check every message the server acknowledged (200) is still there and the interrupted crawl
 * completes with every page. The site is local and generated (no corpus needed), slow enough per
 * page that the crawl is still running when the kill comes.
 */
export const DURABLE_PAGES = 120;

export async function startDurableSite(): Promise<ChangingSite> {
  const links = Array.from({ length: DURABLE_PAGES - 1 }, (_, i) => `/guide/${i}.html`);
  const body = (i: number) =>
    `Section ${i} of the guide explains how to read a file, write a file and keep the results. ` +
    `It covers step ${i} in detail, with examples of the commands and the options that change them.`;
  const site = await startChangingSite({
    '/': sitePage('Guide', body(0), links),
    ...Object.fromEntries(links.map((l, i) => [l, sitePage(`Guide part ${i}`, body(i), links.slice(i, i + 5))])),
  });
  site.delayMs = 60;
  return site;
}

/** What every process of the scenario runs with (beside its database and port): fast leases, no rate limits. */
export const durableEnv = (site: ChangingSite): NodeJS.ProcessEnv => ({
  HOST: '127.0.0.1',
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
  CRAWL_ALLOW_HOSTS: site.host,
  TASK_LEASE_SECONDS: '5',
  TASK_POLL_MS: '100',
  RATE_LIMIT_IP_PER_MINUTE: '1000000',
  RATE_LIMIT_VISITOR_MESSAGES_PER_MINUTE: '1000000',
  LOG_LEVEL: 'warn',
});

export interface Deployment {
  /** The API base, e.g. http://127.0.0.1:PORT/api/v1. */
  api: string;
  /** Start every process and wait until the API answers. */
  start(): Promise<void>;
  /** SIGKILL every process. */
  killAll(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Questions one visitor sends at most (two messages each: 180 of the 200 the check reads). */
const MAX_BURST = 90;
const BURST_GAP_MS = 150;

export async function until<T>(what: string, fn: () => Promise<T | undefined>, ms: number, logs?: () => string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${logs ? `\n${logs().slice(-4000)}` : ''}`);
    await sleep(200);
  }
}

export async function killDuringCrawlAndBurst(d: Deployment, site: ChangingSite, owner: string): Promise<void> {
  const { api } = d;
  await d.start();
  // Until the kill, every page takes a second: on a loaded machine the visitors' answers come
  // slowly, and the crawl must still be running when 40 of them are acknowledged (at 60 ms a page
  // it could end first, and the wait below timed out). After the restart the site is quick again.
  const quick = site.delayMs;
  site.delayMs = Math.max(quick, 1000);
  const headers = { authorization: `Bearer ${await idTokenFor(owner)}`, 'content-type': 'application/json' };
  const created = await fetch(`${api}/crawl-and-index`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: `${site.origin}/`, max_depth: 2, max_pages: DURABLE_PAGES, name: 'Guide' }),
  });
  expect(created.status).toBe(200);
  const bot = (await created.json()).data.chatbot_id as string;

  const visitors = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const visitor = newVisitorId();
      const res = await fetch(`${api}/chatbots/${bot}/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitor_id: visitor }),
      });
      return { visitor, conversation: (await res.json()).data.id as string, acknowledged: [] as string[] };
    }),
  );
  // The burst: every visitor sends question after question until the server dies under them, a
  // little apart and at most MAX_BURST each, so that every acknowledged message is still within
  // the one page of 200 the check below reads (the slowed crawl can take a while to reach the kill).
  let dead = false;
  const burst = visitors.map(async (v) => {
    for (let i = 0; !dead && i < MAX_BURST; i++) {
      if (i > 0) await sleep(BURST_GAP_MS);
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
  const progress = async () => (await (await fetch(`${api}/crawl-and-index/tasks/${bot}`, { headers })).json()).data[0];
  let seen = 'nothing yet';
  await until(
    'the crawl and the burst under way',
    async () => {
      const acked = visitors.reduce((n, v) => n + v.acknowledged.length, 0);
      const task = await progress();
      seen = `task ${task?.status} with ${task?.progress?.indexed} indexed, ${acked} messages acknowledged`;
      return task?.status === 'running' && task.progress.indexed >= 10 && acked >= 40 ? true : undefined;
    },
    180_000,
    () => `\nlast seen: ${seen}`,
  );
  d.killAll();
  dead = true;
  await Promise.all(burst);
  site.delayMs = quick;

  await d.start();
  for (const v of visitors) {
    const res = await fetch(`${api}/chatbots/${bot}/conversations/${v.conversation}/messages?visitor_id=${v.visitor}&limit=200`);
    const ids = new Set(((await res.json()).data.messages as { id: string }[]).map((m) => m.id));
    for (const id of v.acknowledged) expect(ids.has(id), `acknowledged message ${id} lost`).toBe(true);
  }
  const task = await until(
    'the interrupted crawl to finish',
    async () => {
      const t = await progress();
      return t?.status === 'completed' || t?.status === 'failed' ? t : undefined;
    },
    300_000,
  );
  expect(task.status).toBe('completed');
  const chatbot = (await (await fetch(`${api}/chatbots/${bot}`, { headers })).json()).data.chatbot;
  expect(chatbot.document_count).toBe(DURABLE_PAGES);
}
