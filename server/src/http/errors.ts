/** Errors as data: a status, a stable code and a client-safe message. One handler turns them into responses. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class ValidationError extends HttpError {
  constructor(readonly issues: ValidationIssue[]) {
    super(422, 'validation_error', issues[0]?.msg ?? 'Invalid request');
    this.name = 'ValidationError';
  }
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const unauthorized = (message = 'User not authenticated') => new HttpError(401, 'unauthorized', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', 'Too many requests. Please slow down.', {
    'retry-after': String(retryAfterSeconds),
  });
export const serviceUnavailable = (message: string) => new HttpError(503, 'unavailable', message);
