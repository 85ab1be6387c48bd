/**
 * Canonical links, honoured only when that cannot lose or mislabel content. A page is stored under
 * its (on-site) canonical URL when that URL will not be fetched on its own (the page stands in for
 * it), and is a duplicate when the canonical was stored with the same content. A page whose
 * canonical points at a different page (a hub, the home page) is kept as itself: storing it under
 * the hub's URL would give one URL two documents, or the hub's URL the wrong text.
 *
 * When the canonical is still queued or being fetched, the page waits for it (outside the crawl's
 * runner slots, so waiting pages cannot starve the queue); a page stops counting as pending while
 * it waits, so two pages naming each other cannot wait on each other.
 */
export type CanonicalDecision =
  { kind: 'self' } | { kind: 'adopt'; url: string } | { kind: 'duplicate'; of: string } | { kind: 'wait'; until: Promise<void> };

const SELF: CanonicalDecision = { kind: 'self' };

export class CanonicalLedger {
  /** Content hash stored under each URL the crawl emitted a page for. */
  private readonly stored = new Map<string, string>();
  /** Admitted URLs without an outcome yet, with the pages waiting for them. */
  private readonly pending = new Map<string, (() => void)[]>();

  admitted(url: string): void {
    if (!this.pending.has(url)) this.pending.set(url, []);
  }

  /** The URL's outcome is known (or its page started waiting): wake whoever waits for it. */
  settled(url: string): void {
    const waiters = this.pending.get(url);
    if (!waiters) return;
    this.pending.delete(url);
    for (const wake of waiters) wake();
  }

  /** The crawl is over: nobody waits any longer. */
  releaseAll(): void {
    for (const url of [...this.pending.keys()]) this.settled(url);
  }

  store(url: string, hash: string): void {
    this.stored.set(url, hash);
  }

  has(url: string): boolean {
    return this.stored.has(url);
  }

  /**
   * @param claimable whether the crawl may take `canonical` as this page's URL (not met before,
   *   not blocked by robots.txt): then nothing else will ever be stored under it.
   */
  decide(
    pageUrl: string,
    canonical: string | undefined,
    hash: string,
    claimable: (url: string) => boolean,
    mayWait: boolean,
  ): CanonicalDecision {
    if (!canonical || canonical === pageUrl) return SELF;
    const storedHash = this.stored.get(canonical);
    if (storedHash !== undefined) return storedHash === hash ? { kind: 'duplicate', of: canonical } : SELF;
    const waiters = this.pending.get(canonical);
    if (waiters) return mayWait ? { kind: 'wait', until: new Promise<void>((r) => waiters.push(r)) } : SELF;
    return claimable(canonical) ? { kind: 'adopt', url: canonical } : SELF;
  }
}
