import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserPool, type PageRenderer } from '../server/src/crawl/render/browserPool';
import type { RenderJob } from '../server/src/crawl/render/renderPage';
import { createSafeFetcher, type SafeFetcher } from '../server/src/crawl/safeFetch';

/**
 * The crawler's browser pool in real Chromium, without the product around it: at most two pages at
 * once, a new browser after N pages and after a crash, and a page that never loads cut off at its
 * time limit. The site's data route answers after 1.5 s (longer than a page takes to start here)
 * and counts how many pages wait on it at once.
 */
let server: Server;
let origin: string;
let fetcher: SafeFetcher;
let waiting = 0;
let mostWaiting = 0;

const shell = (script: string) =>
  `<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script>${script}</script></body></html>`;
const DATA_PAGE = shell(
  "fetch('/api/slow').then((r) => r.text()).then((t) => { document.getElementById('root').innerHTML = '<p>' + t + '</p>'; });",
);
// A classic script that never arrives holds the parser: the page never finishes loading.
const HANGING_PAGE = `<!doctype html><html><head><script src="/never.js"></script></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/api/slow') {
      waiting++;
      mostWaiting = Math.max(mostWaiting, waiting);
      setTimeout(() => {
        waiting--;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('Rendered by the app');
      }, 1_500);
      return;
    }
    if (req.url === '/never.js') return; // never answered
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fetcher = createSafeFetcher({ userAgent: 'DocentTest/1', allowHosts: [new URL(origin).host], timeoutMs: 5_000 });
});

afterAll(async () => {
  await fetcher?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const job = (path: string, html = DATA_PAGE, timeoutMs = 15_000): RenderJob => ({
  url: `${origin}${path}`,
  html,
  fetcher,
  allowHosts: [new URL(origin).host],
  userAgent: 'DocentTest/1',
  timeoutMs,
});

/** The pool's Chromium: this process's child launched with the pool's dead proxy. */
function chromiumPids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('--proxy-server=http://127.0.0.1:9'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe('the browser pool', () => {
  let pool: PageRenderer;
  afterAll(() => pool?.close());

  it('renders at most two pages at once, however many the crawl hands it', async () => {
    pool = createBrowserPool({ restartAfter: 100 });
    const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => pool.render(job(`/page/${n}`))));
    for (const page of pages) expect(page.html).toContain('<p>Rendered by the app</p>');
    expect(mostWaiting).toBe(2);
  });

  it('starts a new browser after a crash, and the next page renders', async () => {
    const before = pool.stats().launches;
    const pids = chromiumPids();
    expect(pids).toHaveLength(1);
    process.kill(pids[0]!, 'SIGKILL');
    const page = await pool.render(job('/after-crash'));
    expect(page.html).toContain('Rendered by the app');
    expect(pool.stats().launches).toBe(before + 1);
  });

  it('starts a new browser after N pages', async () => {
    const small = createBrowserPool({ restartAfter: 2 });
    try {
      for (const n of [1, 2, 3]) await small.render(job(`/round/${n}`));
      expect(small.stats()).toEqual({ launches: 2, rendered: 3 });
    } finally {
      await small.close();
    }
  });

  it('gives up on a page that never loads at its time limit, with a reason', async () => {
    const started = Date.now();
    await expect(pool.render(job('/hanging', HANGING_PAGE, 2_000))).rejects.toThrow(/Could not render the page/);
    // Generous: the limit is 2 s; without one this would wait for the fetcher's 5 s, or forever.
    expect(Date.now() - started).toBeLessThan(12_000);
  });
});
