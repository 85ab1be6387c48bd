import { describe, expect, it } from 'vitest';
import { errorExcerpt, isTransientStatus, resourceUrl, retryDelayMs, RETRY_POLICY } from '../../src/provider/http.js';

/** The policy both model clients (chat and embeddings) share. */
describe('provider http policy', () => {
  it('accepts a base URL or the full resource address', () => {
    expect(resourceUrl('http://localhost:11434/v1/', 'embeddings')).toBe('http://localhost:11434/v1/embeddings');
    expect(resourceUrl('http://h/v1/embeddings', 'embeddings')).toBe('http://h/v1/embeddings');
    expect(resourceUrl('http://h/v1', 'chat/completions')).toBe('http://h/v1/chat/completions');
  });

  it('retries rate limits and server errors only', () => {
    expect([429, 500, 503].every(isTransientStatus)).toBe(true);
    expect([400, 401, 404, 413].some(isTransientStatus)).toBe(false);
  });

  it('waits as Retry-After asks, else doubles the backoff, and never past the cap', () => {
    expect(retryDelayMs(0, undefined, 100)).toBe(100);
    expect(retryDelayMs(2, undefined, 100)).toBe(400);
    expect(retryDelayMs(0, 2500, 100)).toBe(2500);
    expect(retryDelayMs(0, 0, 100)).toBe(0);
    expect(retryDelayMs(0, 120_000)).toBe(RETRY_POLICY.retryAfterCapMs);
    expect(retryDelayMs(30, undefined)).toBe(RETRY_POLICY.retryAfterCapMs);
  });

  it('quotes the provider message or a short text excerpt of the error body', async () => {
    expect(await errorExcerpt(new Response(JSON.stringify({ error: { message: 'model  not\nfound' } })))).toBe('model not found');
    expect(await errorExcerpt(new Response(JSON.stringify({ error: 'quota' })))).toBe('quota');
    expect(await errorExcerpt(new Response(`<html>${'x'.repeat(500)}</html>`))).toHaveLength(200);
    expect(await errorExcerpt(new Response(null))).toBe('');
  });
});
