import { describeRange } from './addressPolicy.js';
import { FetchError } from './fetchErrors.js';

/**
 * FetchErrors the fetcher makes from failures: a refused address, and whatever undici or the
 * network threw (timeouts, resolution, resets, TLS).
 */

/** The refusal of an address that is not public, naming the range (loopback, link-local, metadata…). */
export function refusal(host: string, address: string, range: string, literal: boolean): FetchError {
  // Loopback, link-local, metadata… are all "private" to an owner; the exact range is named too.
  const what = describeRange(range);
  const kind = what === 'a private address' ? '' : what.replace(/^an? /, '').replace(/ address$/, '');
  return literal
    ? new FetchError('refused', `Refused: ${host} is a private address${kind ? ` (${kind})` : ''}`)
    : new FetchError('refused', `Refused: ${host} resolves to a private address (${address}${kind ? `, ${kind}` : ''})`);
}

export function toFetchError(err: unknown, url: URL, outer: AbortSignal | undefined, timeout: AbortSignal, timeoutMs: number): FetchError {
  if (err instanceof FetchError) return err;
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof FetchError) return cause;
  if (outer?.aborted) return new FetchError('network', 'Aborted');
  const code = String((err as { code?: string })?.code ?? (cause as { code?: string })?.code ?? '');
  const name = String((err as { name?: string })?.name ?? '');
  if (timeout.aborted || name === 'TimeoutError' || /TIMEOUT/.test(code))
    return new FetchError('timeout', `Timed out (no complete response within ${timeoutMs / 1000} s)`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FetchError('network', `Could not resolve host ${url.hostname}`);
  if (code === 'ECONNREFUSED') return new FetchError('network', `Connection refused by ${url.host}`);
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return new FetchError('network', `Connection reset by ${url.host}`);
  if (/CERT|SSL|TLS/i.test(code)) return new FetchError('network', `TLS error from ${url.host} (${code})`);
  const message = err instanceof Error ? err.message : String(err);
  return new FetchError('network', `Network error: ${truncate(message)}`);
}

export const truncate = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}…` : s);
