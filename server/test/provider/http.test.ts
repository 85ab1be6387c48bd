import { describe, expect, it } from 'vitest';
import { CHAT_RETRY_POLICY } from '../../src/provider/chat.js';
import { EMBEDDING_RETRY_POLICY } from '../../src/provider/embeddings.js';
import { errorExcerpt, isTransientStatus, resourceUrl, retryDelayMs } from '../../src/provider/http.js';

/** The transport both model clients (chat and embeddings) share; each brings its own retry policy. */
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
    const policy = { backoffMs: 100, retryAfterCapMs: 10_000 };
    expect(retryDelayMs(0, undefined, policy)).toBe(100);
    expect(retryDelayMs(2, undefined, policy)).toBe(400);
    expect(retryDelayMs(0, 2500, policy)).toBe(2500);
    expect(retryDelayMs(0, 0, policy)).toBe(0);
    expect(retryDelayMs(0, 120_000, policy)).toBe(10_000);
    expect(retryDelayMs(30, undefined, policy)).toBe(10_000);
  });

  it('gives chat three tries and Retry-After up to 10 s, embeddings four tries and up to 20 s', () => {
    expect(CHAT_RETRY_POLICY).toEqual({ attempts: 3, backoffMs: 500, retryAfterCapMs: 10_000 });
    expect(EMBEDDING_RETRY_POLICY).toEqual({ attempts: 4, backoffMs: 500, retryAfterCapMs: 20_000 });
    expect(retryDelayMs(0, 15_000, CHAT_RETRY_POLICY)).toBe(10_000);
    expect(retryDelayMs(0, 15_000, EMBEDDING_RETRY_POLICY)).toBe(15_000);
    expect(retryDelayMs(0, 120_000, EMBEDDING_RETRY_POLICY)).toBe(20_000);
  });

  it('quotes the provider message or a short text excerpt of the error body', async () => {
    expect(await errorExcerpt(new Response(JSON.stringify({ error: { message: 'model  not\nfound' } })))).toBe('model not found');
    expect(await errorExcerpt(new Response(JSON.stringify({ error: 'quota' })))).toBe('quota');
    expect(await errorExcerpt(new Response(`<html>${'x'.repeat(500)}</html>`))).toHaveLength(200);
    expect(await errorExcerpt(new Response(null))).toBe('');
  });
});
