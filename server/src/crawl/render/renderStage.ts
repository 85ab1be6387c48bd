import type { CrawlRun } from '../crawlRun.js';
import { isFetchError } from '../fetchErrors.js';
import { stageField, type PageOutcome } from '../pageOutcome.js';
import { looksLikeAppShell } from './appShell.js';

/**
 * render: between language and extract (pageStages.ts). A page whose HTML is an app shell, or any
 * HTML page when the owner turned rendering on for the bot, is run in Chromium (browserPool.ts);
 * the rendered DOM replaces the fetched body, so extraction reads what a visitor sees and the
 * links the app drew (client-side routes included) join the frontier and URL collection.
 */
export async function renderStage(page: PageOutcome, run: CrawlRun): Promise<PageOutcome | void> {
  const render = run.opts.render;
  if (!render || page.format !== 'html') return page;
  const fetched = stageField(page.fetched, 'fetched');
  if (!render.everyPage && !looksLikeAppShell(fetched.body)) return page;
  try {
    const rendered = await render.renderer.render({
      url: fetched.url,
      html: fetched.body,
      fetcher: run.fetcher,
      allowHosts: render.allowHosts,
      userAgent: run.opts.userAgent,
      timeoutMs: render.timeoutMs,
      signal: run.signal,
    });
    return { ...page, fetched: { ...fetched, body: rendered.html }, rendered: { links: rendered.links } };
  } catch (err) {
    if (run.outOfTime()) return run.timeSkip(page.url);
    // A timeout keeps its kind; a browser that is missing or will not start (the reason names
    // CHROMIUM_PATH) leaves the page unread.
    const errorKind = isFetchError(err) ? err.kind : 'extract';
    return run.report({ kind: 'failed', url: page.url, reason: String((err as Error)?.message ?? err), errorKind });
  }
}

/**
 * After extract: the links the rendered DOM held (routes on elements that are not anchors) join
 * the extracted ones; and a rendered page with no text is not said to need a browser (it had one).
 */
export function withRenderedLinks(page: PageOutcome): PageOutcome {
  const extracted = stageField(page.extracted, 'extracted');
  if (!page.rendered) return page;
  const links = [...new Set([...extracted.links, ...page.rendered.links])];
  return { ...page, extracted: { ...extracted, links, scriptBuilt: undefined } };
}
