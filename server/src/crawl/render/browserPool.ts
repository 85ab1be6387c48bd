import type { Browser } from 'playwright-core';
import { findChromium, RenderUnavailableError } from './findChromium.js';
import { PageSlots } from './pageSlots.js';
import { RenderTab, type RenderedPage, type RenderJob } from './renderPage.js';

/**
 * The crawler's headless Chromium: launched on first use, at most `maxPages` pages rendered at
 * once, relaunched after `restartAfter` pages (a long-lived browser grows) or when it crashed,
 * and closed when idle. Chromium gets a dead proxy and no WebRTC: every request it may make
 * goes through RenderTab's interception, never through its own network stack. A tab is kept for
 * the next page of the same site (at most one per slot, a few dozen pages each).
 */
export interface BrowserPoolOptions {
  /** Concurrent pages (2 on this project's 2-core machines: each renderer is a CPU-heavy process). */
  maxPages?: number;
  restartAfter?: number;
  /** Close the browser after this long without a page (it holds ~150 MB). */
  idleCloseMs?: number;
  /** Where CHROMIUM_PATH is read (findChromium.ts); the shared pools pass config's. */
  env?: NodeJS.ProcessEnv;
}

export interface PageRenderer {
  render(job: RenderJob): Promise<RenderedPage>;
  /** Browsers launched so far and pages rendered (tests, benchmarks). */
  stats(): { launches: number; rendered: number };
  close(): Promise<void>;
}

const LAUNCH_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--mute-audio',
  // Anything not intercepted (a socket the page opens some other way) meets a proxy that is not
  // there; <-loopback> sends loopback through it too.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

interface Generation {
  browser: Promise<Browser>;
  served: number;
  active: number;
  retired: boolean;
  /** Tabs between two pages, the most recently used last. */
  idle: RenderTab[];
}

/** Pages one tab renders before it is replaced (a long-lived page process grows too). */
const TAB_PAGES = 25;

/** A new pool (the server shares one per browser path: sharedBrowserPool). */
export function createBrowserPool(options: BrowserPoolOptions = {}): PageRenderer {
  return new BrowserPool(options);
}

class BrowserPool implements PageRenderer {
  private readonly restartAfter: number;
  private readonly idleCloseMs: number;
  private readonly maxPages: number;
  private readonly slots: PageSlots;
  private current: Generation | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private launches = 0;
  private rendered = 0;

  constructor(private readonly options: BrowserPoolOptions) {
    this.maxPages = Math.max(1, options.maxPages ?? 2);
    this.restartAfter = Math.max(1, options.restartAfter ?? 100);
    this.idleCloseMs = options.idleCloseMs ?? 60_000;
    this.slots = new PageSlots(this.maxPages, () => this.closeWhenIdle());
  }

  async render(job: RenderJob): Promise<RenderedPage> {
    if (this.closed) throw new RenderUnavailableError('The renderer is shut down');
    clearTimeout(this.idleTimer);
    await this.slots.take(job.signal);
    try {
      try {
        return await this.renderOnce(job);
      } catch (err) {
        // The browser died under this page: once more, on a new one.
        const crashed = this.current === undefined && !(err instanceof RenderUnavailableError) && !job.signal?.aborted;
        if (!crashed) throw err;
        return await this.renderOnce(job);
      }
    } finally {
      this.slots.release();
    }
  }

  stats(): { launches: number; rendered: number } {
    return { launches: this.launches, rendered: this.rendered };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const gen = this.current;
    this.current = undefined;
    if (gen) await gen.browser.then((b) => b.close()).catch(() => {});
  }

  private async renderOnce(job: RenderJob): Promise<RenderedPage> {
    const gen = this.generation();
    gen.served++;
    gen.active++;
    let tab: RenderTab | undefined;
    let kept = false;
    try {
      tab = await this.tabFor(gen, await gen.browser, job);
      const page = await tab.render(job);
      this.rendered++;
      // A tab whose page failed is in an unknown state: only one that rendered is kept.
      if (!gen.retired && tab.uses < TAB_PAGES) {
        gen.idle.push(tab);
        kept = true;
      }
      return page;
    } finally {
      if (tab && !kept) void tab.close();
      gen.active--;
      if (gen.retired && gen.active === 0) shut(gen);
    }
  }

  /** An idle tab of this site, or a new one (closing the least recently used beyond one per slot). */
  private async tabFor(gen: Generation, browser: Browser, job: RenderJob): Promise<RenderTab> {
    const key = RenderTab.keyOf(job);
    const i = gen.idle.findIndex((t) => t.key === key);
    if (i >= 0) return gen.idle.splice(i, 1)[0]!;
    while (gen.idle.length >= this.maxPages) void gen.idle.shift()!.close();
    return RenderTab.open(browser, job);
  }

  /** The browser to use now: a new one after `restartAfter` pages (the old one closes when its pages end). */
  private generation(): Generation {
    if (this.current && this.current.served >= this.restartAfter) {
      this.current.retired = true;
      if (this.current.active === 0) shut(this.current);
      this.current = undefined;
    }
    this.current ??= this.launch();
    return this.current;
  }

  private launch(): Generation {
    const executablePath = findChromium(this.options.env);
    this.launches++;
    const gen: Generation = { served: 0, active: 0, retired: false, idle: [], browser: Promise.resolve(undefined as unknown as Browser) };
    // playwright-core is loaded on the first launch only: most sites never need a browser, and
    // loading it took every process that may crawl (the server, each test file) 0.5-1.7 s at start.
    gen.browser = import('playwright-core')
      .then(({ chromium }) => chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS }))
      .then(
        (browser) => {
          // A crash: the next page launches a new browser.
          browser.on('disconnected', () => {
            gen.retired = true;
            if (this.current === gen) this.current = undefined;
          });
          return browser;
        },
        (err: unknown) => {
          if (this.current === gen) this.current = undefined;
          throw new RenderUnavailableError(
            `This page builds its text with JavaScript, and the browser at ${executablePath} (CHROMIUM_PATH) did not start: ${String((err as Error)?.message ?? err).split('\n')[0]}`,
          );
        },
      );
    return gen;
  }

  private closeWhenIdle(): void {
    if (this.idleCloseMs <= 0) return;
    this.idleTimer = setTimeout(() => {
      if (this.slots.busy === 0 && this.current) {
        shut(this.current);
        this.current = undefined;
      }
    }, this.idleCloseMs);
    this.idleTimer.unref();
  }
}

function shut(gen: Generation): void {
  void gen.browser.then((b) => b.close()).catch(() => {});
}

const shared = new Map<string, PageRenderer>();

/** One browser pool per process and browser path (config's CHROMIUM_PATH), shared by every crawl, collect-URLs included. */
export function sharedBrowserPool(chromiumPath?: string): PageRenderer {
  const key = chromiumPath ?? '';
  let pool = shared.get(key);
  if (!pool) {
    pool = createBrowserPool({ env: chromiumPath ? { CHROMIUM_PATH: chromiumPath } : {} });
    shared.set(key, pool);
  }
  return pool;
}

/** For shutdown: closes the shared pools' browsers (each only if it was ever launched). */
export async function closeSharedBrowserPools(): Promise<void> {
  const pools = [...shared.values()];
  shared.clear();
  await Promise.all(pools.map((p) => p.close()));
}
