import type { PriorPage } from '../crawl/crawlTypes.js';

/**
 * What an incremental re-crawl found, page by page, against the live content: a page whose URL and
 * content hash match a live page is unchanged (kept as it is: not chunked, written or embedded
 * again), one whose URL is live with other content is changed, any other is new. Live pages the
 * re-crawl did not bring back are removed by the swap.
 */
export interface ChangeCounts {
  new: number;
  changed: number;
  unchanged: number;
  removed: number;
}

export interface LivePage {
  id: string;
  hash: string;
  title: string;
  etag: string | null;
  lastModified: string | null;
  links: string[] | null;
}

export interface Revalidated {
  id: string;
  etag?: string;
  lastModified?: string;
  links?: string[];
}

export class ChangeTracker {
  private readonly counts: ChangeCounts = { new: 0, changed: 0, unchanged: 0, removed: 0 };
  /** Ids of the live documents to keep through the swap. */
  readonly kept: string[] = [];
  /** Kept pages that were downloaded again (no 304): their new validators and links, saved with the swap. */
  readonly revalidated: Revalidated[] = [];

  /** `partial`: a single-source task, which removes nothing it did not fetch. */
  constructor(
    private readonly live: Map<string, LivePage>,
    private readonly partial = false,
  ) {}

  /** What the crawler needs to ask "changed since?" about a URL. */
  prior(url: string): PriorPage | undefined {
    const p = this.live.get(url);
    return p && { etag: p.etag, lastModified: p.lastModified, links: p.links, title: p.title, contentHash: p.hash };
  }

  /** `fresh`: the page was downloaded (its current validators and links), not answered with 304. */
  see(url: string, contentHash: string, fresh?: Omit<Revalidated, 'id'>): 'new' | 'changed' | 'unchanged' {
    const before = this.live.get(url);
    const verdict = !before ? 'new' : before.hash === contentHash ? 'unchanged' : 'changed';
    this.counts[verdict]++;
    if (verdict === 'unchanged') {
      this.kept.push(before!.id);
      if (fresh) this.revalidated.push({ id: before!.id, etag: fresh.etag, lastModified: fresh.lastModified, links: fresh.links });
    }
    return verdict;
  }

  /** A single-source task: every live page but these stays. */
  keptAllBut(urls: string[]): string[] {
    const replaced = new Set(urls);
    return [...this.live]
      .filter(([url]) => !replaced.has(url))
      .map(([, p]) => p.id)
      .concat(this.kept);
  }

  /** The counts so far; `removed` only once the crawl is over (until then a page may still come). */
  progress(done = false): ChangeCounts {
    const removed = done && !this.partial ? this.live.size - this.counts.unchanged - this.counts.changed : 0;
    return { ...this.counts, removed };
  }
}
