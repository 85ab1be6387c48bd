/**
 * Why a fetch did not produce a page. `kind` is stable (tests and sources.error rely on it);
 * `message` is the human sentence shown to owners in the dashboard.
 */
export type FetchErrorKind =
  | 'refused' // SSRF guard: private/loopback/metadata address, or a scheme we never fetch
  | 'invalid_url'
  | 'http_status'
  | 'not_html'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'network';

export class FetchError extends Error {
  override name = 'FetchError';
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const isFetchError = (err: unknown): err is FetchError => err instanceof FetchError;
