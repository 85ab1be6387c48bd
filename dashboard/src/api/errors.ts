import { ApiError, detailMessage } from '../../../shared/src/api/client';

/**
 * The server's reason for a failed call (spec §8): its `detail` string, or the msg of the first
 * validation entry; null when there is none (network failure, a proxy's HTML error page…).
 */
export function serverDetail(err: unknown): string | null {
  return err instanceof ApiError ? detailMessage(err.detail) : null;
}

/** The message a failed call shows: the server's detail, else the screen's fallback. */
export function apiErrorMessage(err: unknown, fallback: string): string {
  return serverDetail(err) ?? fallback;
}
