import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../src/http/errorHandler.js';
import { serviceUnavailable } from '../../src/http/errors.js';

let app: FastifyInstance;

const withStatus = (message: string, statusCode: number, code?: string) => Object.assign(new Error(message), { statusCode, code });

beforeAll(async () => {
  app = Fastify({ logger: false, bodyLimit: 1024 });
  installErrorHandling(app);
  app.post('/echo', async (request) => ({ body: request.body }));
  app.get('/bad-request', async () => {
    throw withStatus('The cursor is not valid.', 400, 'SOME_LIBRARY_ERROR');
  });
  app.get('/syntax', async () => {
    JSON.parse('{not json from the database');
  });
  app.get('/internal', async () => {
    throw withStatus('connection to 10.0.0.5:5432 refused, password=hunter2', 502);
  });
  app.get('/unavailable', async () => {
    throw serviceUnavailable('The database is not reachable right now.');
  });
  await app.ready();
});
afterAll(() => app.close());

const json = { 'content-type': 'application/json' };

describe('error envelope', () => {
  it('reports the JSON body parser’s failures as malformed JSON', async () => {
    for (const payload of ['{"a": ', '', '{"__proto__": {"x": 1}}']) {
      const res = await app.inject({ method: 'POST', url: '/echo', headers: json, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, detail: 'Malformed JSON body.' });
    }
  });

  it('passes other 4xx errors their own message', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-request' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, detail: 'The cursor is not valid.' });

    const media = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(media.statusCode).toBe(415);
    expect(media.json().detail).toBe('Content-Type must be application/json.');

    const big = await app.inject({ method: 'POST', url: '/echo', headers: json, payload: JSON.stringify({ a: 'x'.repeat(2000) }) });
    expect(big.statusCode).toBe(413);
  });

  it('turns a stray SyntaxError into a 500, not a client error', async () => {
    const res = await app.inject({ method: 'GET', url: '/syntax' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, detail: 'Internal server error.' });
  });

  it('never leaks the message of an unexpected 5xx', async () => {
    const res = await app.inject({ method: 'GET', url: '/internal' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({ success: false, detail: 'Internal server error.' });
  });

  it('keeps the client-safe message of our own 5xx errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/unavailable' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, detail: 'The database is not reachable right now.' });
  });
});
