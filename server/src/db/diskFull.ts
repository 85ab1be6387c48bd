/**
 * A write refused because the disk is full. PostgreSQL and PGlite raise SQLSTATE 53100 (disk_full)
 * when a file cannot grow: PGlite on a full data dir says `could not extend file "base/5/16384": No
 * space left on device`. Reads keep working, and writes work again once space returns, so routes
 * answer 503 with Retry-After (errorHandler.ts) rather than a bare 500: nothing was saved, and
 * trying again later is the right thing for the client to do.
 */
export function isDiskFull(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return code === '53100' || code === 'ENOSPC' || code === 'EDQUOT' || /No space left on device/i.test(err.message);
}

export const DISK_FULL_RETRY_AFTER_SECONDS = 60;
export const DISK_FULL_DETAIL = "The server's disk is full, so nothing could be saved. Please try again in a few minutes.";
