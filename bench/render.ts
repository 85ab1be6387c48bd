/**
 * `npm run bench:render`: what a client-rendered page costs the crawler on this machine. Serves
 * the sample site as a single-page app (eval/spa/), starts the crawler's browser pool and renders
 * every route one after another, several rounds: the median and p90 per page (its shell served
 * from the fetched HTML, the bundle and its JSON fetched through safeFetch, the app run until the
 * network is quiet, the DOM read) and the browser's launch apart. Also two at a time, the pool's
 * limit, as pages per second. Target (issue 38): a rendered page ≤ 1.5 s.
 *
 *   npm run bench:render [-- --rounds=2]
 */
import { samplePages } from '../eval/spa/sampleSpa.js';
import { serveSpa } from '../e2e/fixtures/spa/serve.js';
import { createBrowserPool } from '../server/src/crawl/render/browserPool.js';
import { createSafeFetcher } from '../server/src/crawl/safeFetch.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROUNDS = Number(args.rounds ?? 2);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main(): Promise<void> {
  const pages = samplePages();
  const site = await serveSpa({ name: 'Lumen', pages });
  const host = new URL(site.origin).host;
  const fetcher = createSafeFetcher({ userAgent: 'DocentBench/1', allowHosts: [host] });
  const pool = createBrowserPool();
  const job = async (route: string) => {
    const html = (await fetcher.fetch(`${site.origin}${route}`)).body;
    return pool.render({ url: `${site.origin}${route}`, html, fetcher, allowHosts: [host], userAgent: 'DocentBench/1', timeoutMs: 15_000 });
  };
  try {
    const routes = Object.keys(pages);
    let t = performance.now();
    await job(routes[0]!);
    console.log(`first page, browser launch included: ${Math.round(performance.now() - t)} ms`);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of routes) {
        t = performance.now();
        const rendered = await job(route);
        times.push(performance.now() - t);
        if (!rendered.html.includes('<main>')) throw new Error(`${route} did not render`);
      }
    }
    console.log(
      `one at a time, ${times.length} pages: median ${Math.round(quantile(times, 0.5))} ms, p90 ${Math.round(quantile(times, 0.9))} ms`,
    );
    t = performance.now();
    const queue = [...routes, ...routes];
    await Promise.all(
      [0, 1].map(async () => {
        for (let r = queue.shift(); r; r = queue.shift()) await job(r);
      }),
    );
    const seconds = (performance.now() - t) / 1000;
    console.log(
      `two at a time: ${routes.length * 2} pages in ${seconds.toFixed(1)} s (${((routes.length * 2) / seconds).toFixed(1)} pages/s)`,
    );
  } finally {
    await pool.close();
    await fetcher.close();
    await site.stop();
  }
}

void main();
