import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
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

/** What one render counts of the requests its page makes. */
interface Visit {
  job: RenderJob;
  signal: AbortSignal;
  inFlight: number;
  started: number;
  lastActivity: number;
  refused: number;
  servedDocument: boolean;
}

/**
 * A browser tab for one site: its own context (service workers blocked: their requests would
 * escape interception), reused for the next pages of the same origin and user agent (a new page
 * process costs more than the render itself), never across sites, so no cookie or storage of one
 * owner's site reaches another's. Each page's own document is served from the HTML already
 * fetched; every other request is judged (requestPolicy.ts) and fetched through safeFetch.
 */
export class RenderTab {
  private visit: Visit | undefined;
  /** Pages this tab has been asked to render. */
  uses = 0;

  private constructor(
    readonly key: string,
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {}

  /** Tabs are reused for pages with the same key only. */
  static keyOf(job: RenderJob): string {
    return `${new URL(job.url).origin} ${job.userAgent}`;
  }

  static async open(browser: Browser, job: RenderJob): Promise<RenderTab> {
    const context = await browser.newContext({ userAgent: job.userAgent, serviceWorkers: 'block', acceptDownloads: false });
    try {
      // A WebSocket is not intercepted by route(): close it before it is opened (the dead proxy is the backstop).
      await context.routeWebSocket(/.*/, (ws) => ws.close().catch(() => {}));
      // The handler is registered before the page exists, so it reaches the tab through a holder.
      const holder: { tab?: RenderTab } = {};
      await context.route('**/*', (route) => holder.tab!.intercept(route));
      holder.tab = new RenderTab(RenderTab.keyOf(job), context, await context.newPage());
      return holder.tab;
    } catch (err) {
      await context.close().catch(() => {});
      throw err;
    }
  }

  /** Renders the job's page; the tab is unusable after a failure (the pool closes it). */
  async render(job: RenderJob): Promise<RenderedPage> {
    const deadline = Date.now() + job.timeoutMs;
    this.uses++;
    const abort = new AbortController();
    const signal = job.signal ? AbortSignal.any([job.signal, abort.signal]) : abort.signal;
    const visit: Visit = { job, signal, inFlight: 0, started: 0, lastActivity: Date.now(), refused: 0, servedDocument: false };
    this.visit = visit;
    try {
      const page = this.page;
      page.setDefaultTimeout(Math.max(1, deadline - Date.now()));
      await page.goto(job.url, { waitUntil: 'domcontentloaded', timeout: Math.max(1, deadline - Date.now()) }).catch((err: unknown) => {
        throw new FetchError('timeout', `Could not render the page: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
      });
      await settle(page, deadline, job.signal, visit);
      const html = await page.content();
      const links = await readRenderedLinks(page);
      return { html, links, refused: visit.refused };
    } finally {
      // Requests of this page still answering are cut off; later ones belong to no visit.
      abort.abort();
      this.visit = undefined;
    }
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }

  /** Every request of the tab's pages (registered once per context, in open). */
  async intercept(route: Route): Promise<void> {
    const visit = this.visit;
    // Between visits (a timer of the last page firing late): nothing is loaded.
    if (!visit) return route.abort('blockedbyclient').catch(() => {});
    visit.inFlight++;
    visit.started++;
    try {
      await answer(route, visit);
    } catch {
      // The page or context closed while this request was answered.
    } finally {
      visit.inFlight--;
      visit.lastActivity = Date.now();
    }
  }
}

async function answer(route: Route, visit: Visit): Promise<void> {
  const { job } = visit;
  const req = route.request();
  const mainFrame = req.isNavigationRequest() && req.frame().parentFrame() === null;
  if (mainFrame && !visit.servedDocument && req.url() === job.url) {
    visit.servedDocument = true;
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: job.html });
  }
  const verdict = judgeRequest(
    { url: req.url(), method: req.method(), resourceType: req.resourceType(), mainFrame },
    job.url,
    job.allowHosts,
  );
  if (!verdict.load) {
    visit.refused++;
    return route.abort('blockedbyclient');
  }
  await fulfilThroughFetcher(route, visit);
}

/**
 * Waits until the app has rendered what it will, or the time is up (what has rendered by then is
 * read either way): no request in flight for QUIET_MS, and none started after the page has painted
 * a frame and run its timers. Frameworks fetch their data from effects run after the first paint
 * (Preact's and React's useEffect), a moment in which the network is idle, not done.
 */
async function settle(page: Page, deadline: number, signal: AbortSignal | undefined, net: Visit): Promise<void> {
  const running = () => Date.now() < deadline && !signal?.aborted;
  while (running()) {
    if (net.inFlight > 0 || Date.now() - net.lastActivity < QUIET_MS) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      continue;
    }
    const before = net.started;
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
    if (net.started === before && net.inFlight === 0) return;
  }
}

/** Fetch the request through safeFetch and hand the answer to the page; a refusal aborts it. */
async function fulfilThroughFetcher(route: Route, visit: Visit): Promise<void> {
  const { job } = visit;
  const req = route.request();
  try {
    const res = await job.fetcher.fetch(req.url(), { accept: RENDER_TYPES, binary: RENDER_TYPES, signal: visit.signal });
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
    if (e?.kind === 'refused') visit.refused++;
    await route.abort(e?.kind === 'refused' ? 'blockedbyclient' : 'failed');
  }
}
