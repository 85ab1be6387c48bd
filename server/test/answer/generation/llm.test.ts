import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completionsUrl, LlmError, OpenAiCompatibleClient } from '../../../src/provider/chat.js';
import { retryAfterMs } from '../../../src/provider/retryAfter.js';
import { SseParser } from '../../../src/provider/sse.js';
import { startFakeLlm, type FakeLlm } from '../fakeLlm.js';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.requests.length = 0;
});

const client = (over: Partial<ConstructorParameters<typeof OpenAiCompatibleClient>[0]> = {}) =>
  new OpenAiCompatibleClient({ baseUrl: llm.url, apiKey: 'sk-test-SECRET', model: 'fake-model', timeoutMs: 2000, backoffMs: 5, ...over });

async function collect(gen: AsyncGenerator<string>): Promise<{ deltas: string[]; error?: LlmError }> {
  const deltas: string[] = [];
  try {
    for await (const d of gen) deltas.push(d);
    return { deltas };
  } catch (err) {
    return { deltas, error: err as LlmError };
  }
}

describe('OpenAI-compatible client', () => {
  it('streams the deltas in order and stops at [DONE]', async () => {
    llm.script({ kind: 'stream', deltas: ['The ', 'answer', ' is 42.'] });
    const { deltas, error } = await collect(client().stream([{ role: 'user', content: 'q' }]));
    expect(error).toBeUndefined();
    expect(deltas).toEqual(['The ', 'answer', ' is 42.']);
    const req = llm.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.body).toMatchObject({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'q' }] });
    expect(req.headers.authorization).toBe('Bearer sk-test-SECRET');
  });

  it('parses CRLF-delimited streams and plain JSON completions', async () => {
    llm.script({ kind: 'stream', deltas: ['a', 'b'], crlf: true });
    expect((await collect(client().stream([]))).deltas).toEqual(['a', 'b']);
    llm.script({ kind: 'json', content: 'whole answer' });
    expect((await collect(client().stream([]))).deltas).toEqual(['whole answer']);
  });

  it('retries 429 and 503 before the first token, then streams', async () => {
    llm.script({ kind: 'status', status: 429, retryAfter: '0' }, { kind: 'status', status: 503 }, { kind: 'stream', deltas: ['ok'] });
    const { deltas, error } = await collect(client().stream([]));
    expect(error).toBeUndefined();
    expect(deltas).toEqual(['ok']);
    expect(llm.requests).toHaveLength(3);
  });

  it('gives up after the attempts and never puts the API key in the error', async () => {
    llm.script({ kind: 'status', status: 503, body: { error: { message: 'overloaded' } } });
    const { error } = await collect(client({ attempts: 2 }).stream([]));
    expect(error).toBeInstanceOf(LlmError);
    expect(error!.status).toBe(503);
    expect(error!.afterOutput).toBe(false);
    expect(error!.message).toContain('503');
    expect(error!.message).not.toContain('SECRET');
    expect(llm.requests).toHaveLength(2);
  });

  it('makes three attempts by default', async () => {
    llm.script({ kind: 'status', status: 503 });
    const { error } = await collect(client().stream([]));
    expect(error!.status).toBe(503);
    expect(llm.requests).toHaveLength(3);
  });

  it('does not retry client errors such as 401', async () => {
    llm.script({ kind: 'status', status: 401 });
    const { error } = await collect(client().stream([]));
    expect(error!.status).toBe(401);
    expect(llm.requests).toHaveLength(1);
  });

  it('reports a mid-stream error after the tokens already produced, without retrying', async () => {
    llm.script({ kind: 'stream-then-error', deltas: ['partial ', 'answer'], message: 'model crashed' });
    const { deltas, error } = await collect(client().stream([]));
    expect(deltas).toEqual(['partial ', 'answer']);
    expect(error).toBeInstanceOf(LlmError);
    expect(error!.afterOutput).toBe(true);
    expect(error!.message).toContain('model crashed');
    expect(llm.requests).toHaveLength(1);
  });

  it('treats a dropped connection mid-stream as an error after output', async () => {
    llm.script({ kind: 'stream-then-drop', deltas: ['half'] });
    const { deltas, error } = await collect(client().stream([]));
    expect(deltas).toEqual(['half']);
    expect(error?.afterOutput).toBe(true);
  });

  it('times out a server that says nothing', async () => {
    llm.script({ kind: 'hang', ms: 3000 });
    const started = Date.now();
    const { error } = await collect(client({ timeoutMs: 300 }).stream([]));
    expect(error?.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(llm.requests).toHaveLength(1); // a timeout is not retried: the visitor is waiting
  });

  it('times out a stream that stalls between tokens', async () => {
    llm.script({ kind: 'stream', deltas: ['one', 'two'], delayMs: 800 });
    const { error } = await collect(client({ timeoutMs: 300 }).stream([]));
    expect(error?.message).toMatch(/timed out/);
  });

  it('ends a stream that trickles tokens at the overall deadline, though no gap is long', async () => {
    llm.script({ kind: 'stream', deltas: Array.from({ length: 12 }, (_, i) => `t${i} `), delayMs: 150 });
    const started = Date.now();
    const { deltas, error } = await collect(client({ timeoutMs: 600 }).stream([]));
    expect(error?.message).toMatch(/timed out/);
    expect(error?.afterOutput).toBe(true);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThan(12);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('ends at the deadline even when the answer arrived while the consumer was busy', async () => {
    llm.script({ kind: 'stream', deltas: ['a', 'b', 'c', 'd'], delayMs: 20 });
    const started = Date.now();
    const deltas: string[] = [];
    let error: LlmError | undefined;
    try {
      for await (const d of client({ timeoutMs: 600 }).stream([])) {
        deltas.push(d);
        await new Promise((r) => setTimeout(r, 1000)); // the whole body is received meanwhile
      }
    } catch (err) {
      error = err as LlmError;
    }
    expect(deltas).toEqual(['a']);
    expect(error?.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('has a separate, shorter idle timeout when asked', async () => {
    llm.script({ kind: 'hang', ms: 3000 });
    const started = Date.now();
    const { error } = await collect(client({ timeoutMs: 5000, idleTimeoutMs: 200 }).stream([]));
    expect(error?.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('does not count a slow consumer as server silence', async () => {
    llm.script({ kind: 'stream', deltas: ['a', 'b', 'c'], delayMs: 50 });
    const deltas: string[] = [];
    for await (const d of client({ timeoutMs: 5000, idleTimeoutMs: 150 }).stream([])) {
      deltas.push(d);
      await new Promise((r) => setTimeout(r, 300)); // e.g. a visitor's full socket buffer
    }
    expect(deltas).toEqual(['a', 'b', 'c']);
  });

  it('waits as an HTTP-date Retry-After says', async () => {
    // HTTP dates have whole seconds, so this asks for a wait between 1 and 2 seconds.
    llm.script({ kind: 'status', status: 429, retryAfter: new Date(Date.now() + 2000).toUTCString() }, { kind: 'stream', deltas: ['ok'] });
    const { deltas } = await collect(client({ timeoutMs: 5000 }).stream([]));
    expect(deltas).toEqual(['ok']);
    const waited = llm.requests[1]!.at - llm.requests[0]!.at;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(2500);
  });

  it('gives up at once when Retry-After reaches past the deadline', async () => {
    llm.script({ kind: 'status', status: 429, retryAfter: '30' });
    const started = Date.now();
    const { error } = await collect(client({ timeoutMs: 500 }).stream([]));
    expect(error?.status).toBe(429);
    expect(llm.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('waits no longer than the cap when Retry-After asks for more', async () => {
    llm.script({ kind: 'status', status: 429, retryAfter: '5' }, { kind: 'stream', deltas: ['ok'] });
    const { deltas } = await collect(client({ timeoutMs: 3000, retryAfterCapMs: 200 }).stream([]));
    expect(deltas).toEqual(['ok']);
    const waited = llm.requests[1]!.at - llm.requests[0]!.at;
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(waited).toBeLessThan(1500);
  });

  it('honours Retry-After up to 10 s by default: a 30 s ask is waited out as 10 s when the deadline allows it', async () => {
    // Past the deadline the client gives up at once; within it, it waits. 10 s fits in 10.3 s, not in 9.9 s.
    llm.script({ kind: 'status', status: 429, retryAfter: '30' });
    const tooShort = await collect(client({ timeoutMs: 9_900 }).stream([]));
    expect(tooShort.error?.status).toBe(429);
    expect(llm.requests).toHaveLength(1);

    const cancel = new AbortController();
    const started = Date.now();
    setTimeout(() => cancel.abort(), 300);
    const waiting = await collect(client({ timeoutMs: 10_300 }).stream([], cancel.signal));
    expect(waiting.error?.status).toBeUndefined(); // cancelled while waiting, not refused with the 429
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(llm.requests).toHaveLength(2);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 1.5 ', now)).toBe(1500);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('stops when the caller aborts', async () => {
    llm.script({ kind: 'stream', deltas: ['a', 'b', 'c', 'd'], delayMs: 100 });
    const controller = new AbortController();
    const deltas: string[] = [];
    let error: unknown;
    try {
      for await (const d of client().stream([], controller.signal)) {
        deltas.push(d);
        controller.abort();
      }
    } catch (err) {
      error = err;
    }
    expect(deltas).toEqual(['a']);
    expect((error as LlmError).message).toMatch(/cancelled/);
  });

  it('accepts a base URL with or without /chat/completions', () => {
    expect(completionsUrl('http://localhost:11434/v1/')).toBe('http://localhost:11434/v1/chat/completions');
    expect(completionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions');
  });
});

describe('SSE parser', () => {
  it('reassembles events split at any byte, including a CRLF split in two', () => {
    const text = 'data: {"a":1}\r\n\r\n: keep-alive\n\ndata: line1\ndata: line2\n\ndata: [DONE]\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      const p = new SseParser();
      const out = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut)), ...p.end()];
      expect(out).toEqual(['{"a":1}', 'line1\nline2', '[DONE]']);
    }
  });
});
