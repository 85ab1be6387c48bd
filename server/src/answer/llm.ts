import type { Config } from '../config.js';
import type { ChatMessage } from './prompt.js';
import { SseParser } from './sse.js';

/**
 * Client for any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, vLLM, llama.cpp,
 * LM Studio), streaming. The endpoint is chosen by the operator (often localhost), so it does not
 * go through the crawler's SSRF guard. The API key is sent only in the Authorization header and
 * never appears in errors or logs.
 */
export interface LlmClient {
  /** Yields content deltas. Throws LlmError; `afterOutput` tells whether some text was already yielded. */
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string, void, undefined>;
}

export class LlmError extends Error {
  constructor(
    message: string,
    readonly afterOutput: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface LlmOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for the first byte and between two pieces of the stream. */
  timeoutMs: number;
  /** Attempts for 429/5xx/network failures before any output (default 3). */
  attempts?: number;
  /** First retry delay; doubles each time (default 500 ms). */
  backoffMs?: number;
  temperature?: number;
  fetchImpl?: typeof fetch;
}

/** The configured client, or undefined when no LLM is configured (the extractive answerer is used). */
export function createLlmClient(config: Config): LlmClient | undefined {
  if (!config.LLM_BASE_URL) return undefined;
  return new OpenAiCompatibleClient({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL ?? 'gpt-4o-mini',
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
}

/** POST target: accept a base URL ("…/v1") or the full "…/chat/completions" address. */
export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
}

const RETRY_AFTER_CAP_MS = 10_000;

export class OpenAiCompatibleClient implements LlmClient {
  constructor(private readonly opts: LlmOptions) {}

  async *stream(messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string, void, undefined> {
    const attempts = this.opts.attempts ?? 3;
    const fetchImpl = this.opts.fetchImpl ?? fetch;
    let produced = false;
    for (let attempt = 1; ; attempt++) {
      const timer = new IdleTimer(this.opts.timeoutMs, signal);
      try {
        const res = await fetchImpl(completionsUrl(this.opts.baseUrl), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: this.opts.model,
            messages,
            stream: true,
            temperature: this.opts.temperature ?? 0.2,
          }),
          signal: timer.signal,
        });
        if (!res.ok) {
          const detail = await safeErrorText(res);
          await res.body?.cancel().catch(() => {});
          const retryable = res.status === 429 || res.status >= 500;
          if (retryable && attempt < attempts) {
            timer.clear();
            await sleep(retryDelay(res, attempt, this.opts.backoffMs ?? 500), signal);
            continue;
          }
          throw new LlmError(`language model answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`, false, res.status);
        }
        timer.touch();
        if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
          // A server that ignored stream:true answers one JSON completion.
          const json = (await res.json()) as { choices?: { message?: { content?: string } }[] };
          const content = json.choices?.[0]?.message?.content ?? '';
          if (content) {
            produced = true;
            yield content;
          }
          return;
        }
        for await (const delta of readDeltas(res.body!, timer)) {
          produced = true;
          yield delta;
        }
        return;
      } catch (err) {
        const failure = toLlmError(err, produced, timer, signal);
        const retryable = !produced && !timer.timedOut && !signal?.aborted && failure.status === undefined && failure.message.startsWith('network');
        if (retryable && attempt < attempts) {
          await sleep((this.opts.backoffMs ?? 500) * 2 ** (attempt - 1), signal);
          continue;
        }
        throw failure;
      } finally {
        timer.clear();
      }
    }
  }
}

/** Content deltas from the SSE body; `[DONE]` ends it; an `error` object in the stream throws. */
async function* readDeltas(body: ReadableStream<Uint8Array>, timer: IdleTimer): AsyncGenerator<string> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      timer.touch();
      for (const data of parser.push(decoder.decode(value, { stream: true }))) {
        if (data.trim() === '[DONE]') return;
        const delta = parseChunk(data);
        if (delta) yield delta;
      }
    }
    for (const data of parser.end()) {
      if (data.trim() === '[DONE]') return;
      const delta = parseChunk(data);
      if (delta) yield delta;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

function parseChunk(data: string): string {
  let json: { choices?: { delta?: { content?: string | null } }[]; error?: { message?: string } | string };
  try {
    json = JSON.parse(data);
  } catch {
    return ''; // tolerate keep-alive noise
  }
  if (json.error) {
    const msg = typeof json.error === 'string' ? json.error : json.error.message;
    throw new Error(`stream error: ${String(msg ?? 'unknown').slice(0, 200)}`);
  }
  return json.choices?.[0]?.delta?.content ?? '';
}

/** Aborts when nothing arrives for timeoutMs, or when the caller's signal aborts. */
class IdleTimer {
  private readonly controller = new AbortController();
  private handle: NodeJS.Timeout | undefined;
  timedOut = false;
  readonly signal = this.controller.signal;
  private readonly onAbort = () => this.controller.abort();

  constructor(
    private readonly ms: number,
    private readonly outer?: AbortSignal,
  ) {
    outer?.addEventListener('abort', this.onAbort, { once: true });
    if (outer?.aborted) this.controller.abort();
    this.touch();
  }

  touch(): void {
    clearTimeout(this.handle);
    this.handle = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.ms);
  }

  clear(): void {
    clearTimeout(this.handle);
    this.outer?.removeEventListener('abort', this.onAbort);
  }
}

function toLlmError(err: unknown, produced: boolean, timer: IdleTimer, signal?: AbortSignal): LlmError {
  if (err instanceof LlmError) return err;
  if (signal?.aborted) return new LlmError('request cancelled', produced);
  if (timer.timedOut) return new LlmError('language model timed out', produced);
  const message = err instanceof Error ? err.message : String(err);
  if (message.startsWith('stream error:')) return new LlmError(message, produced);
  return new LlmError(`network error talking to the language model`, produced);
}

/** A short, key-free excerpt of an error body. */
async function safeErrorText(res: Response): Promise<string> {
  try {
    const text = (await res.text()).slice(0, 300);
    try {
      const json = JSON.parse(text) as { error?: { message?: string } | string };
      const msg = typeof json.error === 'string' ? json.error : json.error?.message;
      if (msg) return msg.slice(0, 200);
    } catch {
      /* not JSON */
    }
    return text.replace(/\s+/g, ' ').trim().slice(0, 200);
  } catch {
    return '';
  }
}

function retryDelay(res: Response, attempt: number, backoffMs: number): number {
  const header = res.headers.get('retry-after');
  const seconds = header !== null ? Number(header) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, RETRY_AFTER_CAP_MS);
  return backoffMs * 2 ** (attempt - 1);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('request cancelled', false));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new LlmError('request cancelled', false));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
