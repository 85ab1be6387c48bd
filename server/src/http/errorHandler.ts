import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DISK_FULL_DETAIL, DISK_FULL_RETRY_AFTER_SECONDS, isDiskFull } from '../db/diskFull.js';
import { discardBody } from './discardBody.js';
import { HttpError, ValidationError } from './errors.js';

/**
 * Failures of the router itself, before any route or hook runs (a malformed %-escape, a path
 * segment over the length limit): answered in the envelope like every other error.
 */
export function frameworkErrorReply(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ success: false, detail: 'A part of the URL path is too long.' });
    return;
  }
  reply.status(400).send({
    success: false,
    detail: err.code === 'FST_ERR_BAD_URL' ? 'Malformed URL: a %-escape in the path is invalid.' : 'Bad request.',
  });
}

/** One place turns every failure into the envelope; 5xx messages never reach the client. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, request, reply) => {
    if (err instanceof ValidationError) {
      return reply.status(422).send({ success: false, detail: err.issues });
    }
    if (err instanceof HttpError) {
      return reply.status(err.status).headers(err.headers).send({ success: false, detail: err.message });
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    const code = 'code' in err ? err.code : undefined;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      // The client hears the 413 only once it has finished sending (discardBody.ts).
      return discardBody(request.raw).then(() => {
        reply.status(413).send({ success: false, detail: 'Request body is too large.' });
      });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.status(415).send({ success: false, detail: 'Content-Type must be application/json.' });
    }
    // Only the JSON body parser's own failures are "malformed JSON"; a stray SyntaxError from our
    // code is a server bug (500), and other 400s (e.g. a bad Content-Length) keep their message.
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ success: false, detail: 'Malformed JSON body.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, detail: err.message });
    }
    if (isDiskFull(err)) {
      // Nothing was saved (the write was refused whole); it will work again once space returns.
      request.log.error({ err }, 'a write failed: the disk is full');
      return reply
        .status(503)
        .header('retry-after', String(DISK_FULL_RETRY_AFTER_SECONDS))
        .send({ success: false, detail: DISK_FULL_DETAIL });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, detail: 'Internal server error.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, detail: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
