/**
 * Retry-After in milliseconds: delta-seconds ("120") or an HTTP-date ("Wed, 21 Oct 2015 07:28:00
 * GMT", relative to `now`); undefined when absent or unreadable. Shared by the LLM and embedding clients.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
