import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSpa, type SpaSite } from './fixtures/spa/serve';
import { startStack, type Stack } from './helpers/stack';

/**
 * A client-rendered site (a Preact app bundled with Rollup in the test setup, e2e/fixtures/spa/),
 * crawled by the real product: every path answers the same empty shell, the text and the links
 * arrive only when the app runs, so the crawler must render it in Chromium. A script on the page
 * also reaches for a private address (fetch, an image, a WebSocket): a canary server on another
 * loopback address proves none of it was ever sent. CRAWL_ALLOW_HOSTS opens only the site's host
 * and port, as an operator crawling their own local site would.
 */
const PAGES = {
  '/': { title: 'Orbit rovers', html: '<p>Orbit builds small rovers for school science clubs.</p>' },
  '/battery': {
    title: 'Battery and charging',
    html: '<p>A fully charged Orbit rover runs for 19 days on its solar battery before it needs the dock.</p>',
  },
  '/support': { title: 'Support', html: '<p>Write to the Orbit team at help@orbit.test; we answer within two working days.</p>' },
};

let stack: Stack;
let site: SpaSite;
let canary: Server;
const canaryHits: string[] = [];
let headers: Record<string, string>;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stack.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

beforeAll(async () => {
  canary = createServer((req, res) => {
    canaryHits.push(`${req.method} ${req.url}`);
    res.end('secret');
  });
  canary.on('upgrade', (req, socket) => {
    canaryHits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.2', resolve));
  const secret = `http://127.0.0.2:${(canary.address() as AddressInfo).port}`;
  const reachOut =
    `<script>fetch('${secret}/fetch').catch(() => {}); new Image().src = '${secret}/image.png';` +
    `try { new WebSocket('${secret.replace('http', 'ws')}/socket'); } catch {}</script>`;
  site = await serveSpa({ name: 'Orbit', pages: PAGES, head: reachOut });
  stack = await startStack({ env: { CRAWL_ALLOW_HOSTS: new URL(site.origin).host } });
  const signUp = await fetch(
    `http://127.0.0.1:${stack.authEmulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'spa-owner@example.com', password: 'password-123', returnSecureToken: true }),
    },
  );
  headers = { 'content-type': 'application/json', authorization: `Bearer ${((await signUp.json()) as { idToken: string }).idToken}` };
});

afterAll(async () => {
  await stack?.stop();
  await site?.stop();
  await new Promise((resolve) => canary?.close(resolve));
});

async function crawled(): Promise<string> {
  const { chatbot_id: id } = await api<{ chatbot_id: string }>('POST', '/crawl-and-index', {
    url: `${site.origin}/`,
    max_depth: 2,
    max_pages: 10,
  });
  // Polled, not slept: the crawl of three rendered pages takes a few seconds.
  for (let i = 0; i < 240; i++) {
    const [task] = await api<{ status: string; error?: string }[]>('GET', `/crawl-and-index/tasks/${id}`);
    if (task?.status === 'completed') return id;
    if (task?.status === 'failed') throw new Error(`crawl failed: ${task.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the crawl did not finish');
}

describe('a client-rendered site', () => {
  let botId: string;

  it('is crawled through its rendered links, every route indexed', async () => {
    botId = await crawled();
    const { chatbot: bot } = await api<{ chatbot: { urls?: { url: string; status?: string }[] } }>('GET', `/chatbots/${botId}`);
    const indexed = (bot.urls ?? []).filter((s) => s.status === 'indexed').map((s) => s.url);
    expect(indexed.sort()).toEqual([`${site.origin}/`, `${site.origin}/battery`, `${site.origin}/support`]);
    // The app ran: it asked its API for each page.
    expect(site.requests).toContain('GET /api/page?path=%2Fbattery');
  });

  it('answers from text that exists only once the app has rendered', async () => {
    const visitor = `visitor-${crypto.randomUUID()}`;
    const conv = await api<{ id: string }>('POST', `/chatbots/${botId}/conversations`, { title: 'Rover', visitor_id: visitor });
    const reply = await api<{ assistant_message: { content: string; sources: { url: string }[] } }>(
      'POST',
      `/chatbots/${botId}/conversations/${conv.id}/messages`,
      { content: 'How many days does the rover run on a full battery?', visitor_id: visitor },
    );
    expect(reply.assistant_message.content).toContain('19 days');
    expect(reply.assistant_message.sources[0]?.url).toBe(`${site.origin}/battery`);
  });

  it('lists its client-side routes when the owner collects URLs', async () => {
    const { collected_urls } = await api<{ collected_urls: string[] }>('POST', '/indexing/collect-urls', {
      url: `${site.origin}/`,
      max_depth: 1,
    });
    expect(collected_urls).toEqual(expect.arrayContaining([`${site.origin}/`, `${site.origin}/battery`, `${site.origin}/support`]));
  });

  it("never lets the page's scripts reach a private address", () => {
    expect(site.requests.filter((r) => r.startsWith('GET /assets/app.js')).length).toBeGreaterThan(0);
    expect(canaryHits).toEqual([]);
  });
});
