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

export class ChangeTracker {
  private readonly counts: ChangeCounts = { new: 0, changed: 0, unchanged: 0, removed: 0 };
  /** Ids of the live documents to keep through the swap. */
  readonly kept: string[] = [];

  constructor(private readonly live: Map<string, { id: string; hash: string }>) {}

  see(url: string, contentHash: string): 'new' | 'changed' | 'unchanged' {
    const before = this.live.get(url);
    const verdict = !before ? 'new' : before.hash === contentHash ? 'unchanged' : 'changed';
    this.counts[verdict]++;
    if (verdict === 'unchanged') this.kept.push(before!.id);
    return verdict;
  }

  /** The counts so far; `removed` only once the crawl is over (until then a page may still come). */
  progress(done = false): ChangeCounts {
    const removed = done ? this.live.size - this.counts.unchanged - this.counts.changed : 0;
    return { ...this.counts, removed };
  }
}
