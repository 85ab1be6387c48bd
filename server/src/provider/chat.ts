import type { Config } from '../config.js';
import type { ChatMessage } from '../answer/generation/prompt.js';
import {
  errorExcerpt,
  isTransientStatus,
  postJson,
  resourceUrl,
  retryAfterMs,
  retryDelayMs,
  type FetchLike,
  type RetryPolicy,
} from './http.js';
import { LlmError } from './llmError.js';
import { SseParser } from './sse.js';
import { Deadline, IdleTimer } from './timers.js';

export { LlmError };

/**
 * Streaming chat completions from the operator's OpenAI-compatible endpoint (transport, key and
 * retry policy: http.ts).
 */
/**
 * A visitor is waiting: three tries, and never more than 10 s for a Retry-After (a longer wait
 * would outlast the answer's deadline anyway).
 */
export const CHAT_RETRY_POLICY: RetryPolicy = { attempts: 3, backoffMs: 500, retryAfterCapMs: 10_000 };

export interface LlmClient {
  /** Yields content deltas. Throws LlmError; `afterOutput` tells whether some text was already yielded. */
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string, void, undefined>;
}

export interface LlmOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /**
   * Deadline for one whole completion: every attempt, every retry wait and the full stream. Without
   * it a server that trickles a token now and then would hold the visitor (and the conversation)
   * forever, since the idle timer never fires.
   */
  timeoutMs: number;
  /** Longest silence from the server before the first byte and between two pieces (default timeoutMs). */
  idleTimeoutMs?: number;
  /** Attempts for 429/5xx/network failures before any output (default CHAT_RETRY_POLICY). */
  attempts?: number;
  /** First retry delay; doubles each time (default CHAT_RETRY_POLICY). */
  backoffMs?: number;
  /** Longest Retry-After honoured (default CHAT_RETRY_POLICY). */
  retryAfterCapMs?: number;
  temperature?: number;
  fetchImpl?: FetchLike;
}

/** The configured client, or undefined when no LLM is configured (the extractive answerer is used). */
export function createLlmClient(config: Config): LlmClient | undefined {
  if (!config.LLM_BASE_URL) return undefined;
  return new OpenAiCompatibleClient({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL ?? 'gpt-4o-mini',
    timeoutMs: config.LLM_TIMEOUT_MS,
    idleTimeoutMs: config.LLM_IDLE_TIMEOUT_MS,
  });
}

/** POST target: accept a base URL ("…/v1") or the full "…/chat/completions" address. */
export const completionsUrl = (baseUrl: string): string => resourceUrl(baseUrl, 'chat/completions');

export class OpenAiCompatibleClient implements LlmClient {
  constructor(private readonly opts: LlmOptions) {}

  async *stream(messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string, void, undefined> {
    const attempts = this.opts.attempts ?? CHAT_RETRY_POLICY.attempts;
    const backoffMs = this.opts.backoffMs ?? CHAT_RETRY_POLICY.backoffMs;
    const retryAfterCapMs = this.opts.retryAfterCapMs ?? CHAT_RETRY_POLICY.retryAfterCapMs;
    const deadline = new Deadline(this.opts.timeoutMs, signal);
    let produced = false;
    try {
      for (let attempt = 1; ; attempt++) {
        const timer = new IdleTimer(this.opts.idleTimeoutMs ?? this.opts.timeoutMs, deadline.signal);
        try {
          const res = await postJson(
            this.opts,
            'chat/completions',
            { model: this.opts.model, messages, stream: true, temperature: this.opts.temperature ?? 0.2 },
            { signal: timer.signal, accept: 'text/event-stream', fetchImpl: this.opts.fetchImpl },
          );
          if (!res.ok) {
            const detail = await errorExcerpt(res);
            await res.body?.cancel().catch(() => {});
            const error = new LlmError(`language model answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`, false, res.status);
            const delay = retryDelayMs(attempt - 1, retryAfterMs(res.headers.get('retry-after')), { backoffMs, retryAfterCapMs });
            // Waiting past the deadline would only end in a timeout: report the real cause now.
            const retryable = isTransientStatus(res.status) && attempt < attempts && delay < deadline.remaining();
            if (!retryable) throw error;
            timer.clear();
            await deadline.sleep(delay);
            continue;
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
          const failure = toLlmError(err, produced, timer, deadline);
          const retryable =
            !produced &&
            !timer.timedOut &&
            !deadline.signal.aborted &&
            failure.status === undefined &&
            failure.message.startsWith('network');
          if (retryable && attempt < attempts) {
            await deadline.sleep(backoffMs * 2 ** (attempt - 1));
            continue;
          }
          throw failure;
        } finally {
          timer.clear();
        }
      }
    } finally {
      deadline.clear();
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
      const { value, done } = await readOrAbort(reader, timer.signal);
      if (done) break;
      timer.touch();
      for (const data of parser.push(decoder.decode(value, { stream: true }))) {
        if (data.trim() === '[DONE]') return;
        const delta = parseChunk(data);
        if (!delta) continue;
        // The idle timer measures the server's silence, not how long our consumer takes (a slow
        // visitor's socket applies backpressure here).
        timer.pause();
        yield delta;
        timer.touch();
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

/**
 * reader.read(), rejecting as soon as `signal` aborts. Needed because undici leaves a read pending
 * forever when the request is aborted after its body has fully arrived (a slow consumer, then the
 * deadline): without this the completion would hang instead of timing out.
 */
function readOrAbort<T>(reader: ReadableStreamDefaultReader<T>, signal: AbortSignal): Promise<ReadableStreamReadResult<T>> {
  const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    reader
      .read()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
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

function toLlmError(err: unknown, produced: boolean, timer: IdleTimer, deadline: Deadline): LlmError {
  if (err instanceof LlmError) return err;
  if (deadline.signal.aborted) return deadline.error(produced);
  if (timer.timedOut) return new LlmError('language model timed out', produced);
  const message = err instanceof Error ? err.message : String(err);
  if (message.startsWith('stream error:')) return new LlmError(message, produced);
  return new LlmError(`network error talking to the language model`, produced);
}
