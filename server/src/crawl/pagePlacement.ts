import type { CanonicalLedger } from './canonical.js';
import type { CrawlFrontier } from './crawlFrontier.js';
import type { CrawlHooks, CrawlOptions, PriorPage } from './crawlTypes.js';
import type { PageAnchor } from './extract.js';
import type { PdfPageText } from './pdf.js';
import { PATTERN_SKIP_REASON } from './urlPatterns.js';
import { looksLikePage } from './urls.js';

/** A fetched page with content, before the canonical and duplicate checks decide where it goes. */
export interface Candidate {
  url: string;
  pageUrl: string;
  depth: number;
  title: string;
  text: string;
  hash: string;
  canonical?: string;
  anchors: PageAnchor[];
  outsideKeys: number[];
  etag?: string;
  lastModified?: string;
  links: string[];
  pdfPages?: PdfPageText[];
  /** `<html lang>`, else Content-Language (primary subtag), for the indexer's language reading. */
  declaredLanguage?: string;
}

/** Links kept per page for a later 304 (an index page may link to thousands). */
const MAX_STORED_LINKS = 5000;

/**
 * Where read content goes: under the page's own URL, its canonical URL, or nowhere (a duplicate of
 * content already placed). A page whose canonical URL is still being fetched waits for it (deferred);
 * `settle` waits for those and rethrows a consumer's failure among them.
 */
export class PagePlacement {
  private readonly hashes = new Map<string, string>();
  private readonly deferred = new Set<Promise<void>>();
  private deferredFailure: unknown;

  constructor(
    private readonly frontier: CrawlFrontier,
    private readonly ledger: CanonicalLedger,
    private readonly opts: CrawlOptions,
    private readonly hooks: CrawlHooks,
  ) {}

  /** A 304: the stored copy is current, and its stored links are followed as if it had been read. */
  async reuse(url: string, depth: number, prior: PriorPage, links: string[]): Promise<void> {
    const { frontier, opts, hooks } = this;
    frontier.follow(
      links.filter((link) => frontier.inAnyScope(link) && looksLikePage(link)),
      depth,
    );
    if (opts.keep && !opts.keep(url)) return hooks.onOutcome({ kind: 'skipped', url, reason: PATTERN_SKIP_REASON });
    const twin = this.hashes.get(prior.contentHash) ?? (this.ledger.has(url) ? url : undefined);
    if (twin) return hooks.onOutcome({ kind: 'skipped', url, reason: `Duplicate of ${twin}` });
    this.hashes.set(prior.contentHash, url);
    this.ledger.store(url, prior.contentHash);
    await hooks.onOutcome({ kind: 'unchanged', url, depth, title: prior.title, contentHash: prior.contentHash });
  }

  /** Where a page's content goes: under its own URL, its canonical URL, or nowhere (duplicate). */
  async place(c: Candidate, mayWait: boolean): Promise<void> {
    const { frontier, hooks } = this;
    const claimable = (u: string) => !frontier.seen.has(u) && !frontier.robotsBlocked(u);
    const decision = this.ledger.decide(c.pageUrl, c.canonical, c.hash, claimable, mayWait);
    if (decision.kind === 'wait') {
      // A failing consumer fails the crawl, as it does for pages placed at once (rethrown by settle).
      const later: Promise<void> = decision.until
        .then(() => this.place(c, false))
        .catch((err: unknown) => void (this.deferredFailure ??= err))
        .finally(() => this.deferred.delete(later));
      this.deferred.add(later);
      return;
    }
    if (decision.kind === 'duplicate') return hooks.onOutcome({ kind: 'skipped', url: c.url, reason: `Duplicate of ${decision.of}` });
    let url = c.pageUrl;
    if (decision.kind === 'adopt') {
      frontier.seen.add(decision.url);
      url = decision.url;
    }
    const twin = this.hashes.get(c.hash);
    if (twin) return hooks.onOutcome({ kind: 'skipped', url: c.url, reason: `Duplicate of ${twin}` });
    if (this.ledger.has(url)) return hooks.onOutcome({ kind: 'skipped', url: c.url, reason: `Duplicate of ${url}` });
    this.hashes.set(c.hash, url);
    this.ledger.store(url, c.hash);
    const aliases = [...new Set([c.url, c.pageUrl])].filter((u) => u !== url);
    await hooks.onOutcome({
      kind: 'page',
      url,
      depth: c.depth,
      title: c.title || url,
      markdown: c.text,
      contentHash: c.hash,
      aliases,
      anchors: c.anchors,
      outsideKeys: c.outsideKeys,
      etag: c.etag,
      lastModified: c.lastModified,
      links: c.links.slice(0, MAX_STORED_LINKS),
      pdfPages: c.pdfPages,
      declaredLanguage: c.declaredLanguage,
    });
  }

  /** Wait for the pages still waiting on their canonical URL; rethrow a consumer failure among them. */
  async settle(): Promise<void> {
    while (this.deferred.size > 0) await Promise.allSettled([...this.deferred]);
    if (this.deferredFailure) throw this.deferredFailure;
  }
}
