import type { Browser, Page, Route } from 'playwright-core';
import { FetchError, isFetchError } from '../fetchErrors.js';
import type { SafeFetcher } from '../safeFetch.js';
import { readRenderedLinks } from './renderedLinks.js';
import { judgeRequest, RENDER_TYPES } from './requestPolicy.js';

/** One page to render: its URL and the HTML the crawler already fetched for it. */
export interface RenderJob {
  url: string;
  html: string;
  /** The crawl's fetcher: every request the page makes is fetched through it (the address policy). */
  fetcher: SafeFetcher;
  /** CRAWL_ALLOW_HOSTS, for requestPolicy.ts. */
  allowHosts: readonly string[];
  userAgent: string;
  /** Time for this page: loading, running its scripts, reading the DOM. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** The DOM after the app rendered, serialised. */
  html: string;
  /** Links in the rendered DOM (client-side routes included), normalised. */
  links: string[];
  /** Requests the policy refused or never loaded (images, private addresses…). */
  refused: number;
}

/** Network quiet this long (no request in flight) means the app has rendered what it will. */
const QUIET_MS = 250;
const POLL_MS = 40;

/**
 * Renders one page in a fresh context (no cookies or storage shared between pages, service workers
 * blocked: their requests would escape interception). The page's own document is served from the
 * HTML already fetched; every other request is judged and fetched through safeFetch.
 */
export async function renderPage(browser: Browser, job: RenderJob): Promise<RenderedPage> {
  const deadline = Date.now() + job.timeoutMs;
  const context = await browser.newContext({ userAgent: job.userAgent, serviceWorkers: 'block', acceptDownloads: false });
  let inFlight = 0;
  let started = 0;
  let lastActivity = Date.now();
  let refused = 0;
  let servedDocument = false;
  const abort = new AbortController();
  const signal = job.signal ? AbortSignal.any([job.signal, abort.signal]) : abort.signal;
  try {
    // A WebSocket is not intercepted by route(): close it before it is opened (the dead proxy is the backstop).
    await context.routeWebSocket(/.*/, (ws) => ws.close().catch(() => {}));
    await context.route('**/*', async (route) => {
      inFlight++;
      started++;
      try {
        await answer(route);
      } catch {
        // The page or context closed while this request was answered.
      } finally {
        inFlight--;
        lastActivity = Date.now();
      }
    });
    const answer = async (route: Route) => {
      const req = route.request();
      const mainFrame = req.isNavigationRequest() && req.frame().parentFrame() === null;
      if (mainFrame && !servedDocument && req.url() === job.url) {
        servedDocument = true;
        return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: job.html });
      }
      const verdict = judgeRequest(
        { url: req.url(), method: req.method(), resourceType: req.resourceType(), mainFrame },
        job.url,
        job.allowHosts,
      );
      if (!verdict.load) {
        refused++;
        return route.abort('blockedbyclient');
      }
      await fulfilThroughFetcher(route, job, signal, () => refused++);
    };
    const page = await context.newPage();
    page.setDefaultTimeout(Math.max(1, deadline - Date.now()));
    await page.goto(job.url, { waitUntil: 'domcontentloaded', timeout: Math.max(1, deadline - Date.now()) }).catch((err: unknown) => {
      throw new FetchError('timeout', `Could not render the page: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
    });
    await settle(page, deadline, job.signal, () => ({ inFlight, started, lastActivity }));
    const html = await page.content();
    const links = await readRenderedLinks(page);
    return { html, links, refused };
  } finally {
    abort.abort();
    await context.close().catch(() => {});
  }
}

/**
 * Waits until the app has rendered what it will, or the time is up (what has rendered by then is
 * read either way): no request in flight for QUIET_MS, and none started after the page has painted
 * a frame and run its timers. Frameworks fetch their data from effects run after the first paint
 * (Preact's and React's useEffect), a moment in which the network is idle, not done.
 */
async function settle(
  page: Page,
  deadline: number,
  signal: AbortSignal | undefined,
  net: () => { inFlight: number; started: number; lastActivity: number },
): Promise<void> {
  const running = () => Date.now() < deadline && !signal?.aborted;
  while (running()) {
    const { inFlight, lastActivity } = net();
    if (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      continue;
    }
    const before = net().started;
    // A frame, then its timers; a page that paints no frame (hidden) is let go after 250 ms.
    await page
      .evaluate(
        () =>
          new Promise<void>((resolve) => {
            requestAnimationFrame(() => setTimeout(resolve, 50));
            setTimeout(resolve, 250);
          }),
      )
      .catch(() => {});
    if (net().started === before && net().inFlight === 0) return;
  }
}

/** Fetch the request through safeFetch and hand the answer to the page; a refusal aborts it. */
async function fulfilThroughFetcher(route: Route, job: RenderJob, signal: AbortSignal, onRefused: () => void): Promise<void> {
  const req = route.request();
  try {
    const res = await job.fetcher.fetch(req.url(), { accept: RENDER_TYPES, binary: RENDER_TYPES, signal });
    await route.fulfill({
      status: res.status,
      // The page's own scripts may read an API on another public host; no cookies exist in this
      // context, so answering CORS for the page opens nothing a crawler could not fetch itself.
      headers: { 'content-type': res.contentType || 'application/octet-stream', 'access-control-allow-origin': new URL(job.url).origin },
      body: res.bytes ?? Buffer.from(res.body),
    });
  } catch (err) {
    const e = isFetchError(err) ? err : undefined;
    if (e?.kind === 'http_status' && e.status) return route.fulfill({ status: e.status, body: '' });
    if (e?.kind === 'refused') onRefused();
    await route.abort(e?.kind === 'refused' ? 'blockedbyclient' : 'failed');
  }
}
