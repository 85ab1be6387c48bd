import { LlmError } from './llmError.js';

/** Aborts when nothing arrives for timeoutMs, or when the caller's signal aborts. */
export class IdleTimer {
  private readonly controller = new AbortController();
  private handle: NodeJS.Timeout | undefined;
  timedOut = false;
  readonly signal = this.controller.signal;
  private readonly onAbort = () => this.controller.abort();

  constructor(
    private readonly ms: number,
    private readonly outer?: AbortSignal,
  ) {
    outer?.addEventListener('abort', this.onAbort, { once: true });
    if (outer?.aborted) this.controller.abort();
    this.touch();
  }

  pause(): void {
    clearTimeout(this.handle);
  }

  touch(): void {
    clearTimeout(this.handle);
    this.handle = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.ms);
  }

  clear(): void {
    clearTimeout(this.handle);
    this.outer?.removeEventListener('abort', this.onAbort);
  }
}

/**
 * The overall deadline of one completion, merged with the caller's signal: `signal` aborts when
 * either fires, and `error()` tells which (a timeout or a cancellation). It is wall-clock time, so
 * it bounds how long the visitor and the conversation's queue wait, whatever the cause; the idle
 * timer, by contrast, only measures the server's silence.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly handle: NodeJS.Timeout;
  private readonly endsAt: number;
  private expired = false;
  readonly signal = this.controller.signal;
  private readonly onAbort = () => this.controller.abort();

  constructor(
    ms: number,
    private readonly outer?: AbortSignal,
  ) {
    this.endsAt = Date.now() + ms;
    this.handle = setTimeout(() => {
      this.expired = true;
      this.controller.abort();
    }, ms);
    outer?.addEventListener('abort', this.onAbort, { once: true });
    if (outer?.aborted) this.controller.abort();
  }

  remaining(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  error(afterOutput: boolean): LlmError {
    return this.expired && !this.outer?.aborted
      ? new LlmError('language model timed out', afterOutput)
      : new LlmError('request cancelled', afterOutput);
  }

  /** Wait before a retry; rejects with error() if the deadline passes or the caller cancels. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.signal.aborted) return reject(this.error(false));
      const onAbort = () => {
        clearTimeout(t);
        reject(this.error(false));
      };
      const t = setTimeout(() => {
        this.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  clear(): void {
    clearTimeout(this.handle);
    this.outer?.removeEventListener('abort', this.onAbort);
  }
}
