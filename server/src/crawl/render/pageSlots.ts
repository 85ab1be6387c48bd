/**
 * At most `size` pages in Chromium at once: a waiter takes the next free slot in turn, or gives
 * up when its crawl is stopped. `onIdle` runs when the last slot is handed back.
 */
export class PageSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly onIdle: () => void,
  ) {}

  get busy(): number {
    return this.active;
  }

  async take(signal?: AbortSignal): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const take = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(signal!.reason);
      };
      this.waiting.push(take);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Hands the slot to the next waiter (it stays taken), or frees it. */
  release(): void {
    const next = this.waiting.shift();
    if (next) return next();
    this.active--;
    if (this.active === 0) this.onIdle();
  }
}
