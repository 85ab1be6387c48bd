import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible Chat Completions server speaking the real wire protocol: `data: {chunk}`
 * SSE lines ending with `data: [DONE]`, or one JSON completion when stream is false. Each request
 * is answered by the next scripted behaviour (the last one repeats), and every request is recorded
 * so tests can assert the prompt that reached "the model".
 */
export type Behaviour =
  | { kind: 'stream'; deltas: string[]; delayMs?: number; crlf?: boolean }
  /** Stream these deltas, then an error object in the stream (how OpenAI reports mid-stream failures). */
  | { kind: 'stream-then-error'; deltas: string[]; message: string }
  /** Stream these deltas, then drop the connection without [DONE]. */
  | { kind: 'stream-then-drop'; deltas: string[] }
  | { kind: 'status'; status: number; body?: unknown; retryAfter?: string }
  /** Accept the request and say nothing for this long. */
  | { kind: 'hang'; ms: number }
  /** Ignore stream:true and answer one JSON completion. */
  | { kind: 'json'; content: string };

export interface RecordedRequest {
  path: string;
  /** When the request arrived (Date.now()), to check retry waits. */
  at: number;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
    [k: string]: unknown;
  };
}

export interface FakeLlm {
  url: string;
  requests: RecordedRequest[];
  script(...behaviours: Behaviour[]): void;
  close(): Promise<void>;
}

export async function startFakeLlm(initial: Behaviour[] = [{ kind: 'stream', deltas: ['Hello', ' world'] }]): Promise<FakeLlm> {
  let queue = [...initial];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad json' } }));
        return;
      }
      requests.push({ path: req.url ?? '', at: Date.now(), headers: req.headers, body });
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const behaviour = queue.length > 1 ? queue.shift()! : queue[0]!;
      void respond(behaviour, body, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...b) => {
      queue = b;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const chunk = (model: string, delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

async function respond(b: Behaviour, body: RecordedRequest['body'], res: ServerResponse): Promise<void> {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const model = body.model;
  switch (b.kind) {
    case 'status': {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (b.retryAfter) headers['retry-after'] = b.retryAfter;
      res.writeHead(b.status, headers).end(JSON.stringify(b.body ?? { error: { message: `status ${b.status}` } }));
      return;
    }
    case 'hang':
      await sleep(b.ms);
      if (!res.destroyed) res.destroy();
      return;
    case 'json':
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: b.content }, finish_reason: 'stop' }],
        }),
      );
      return;
    default: {
      const eol = b.kind === 'stream' && b.crlf ? '\r\n' : '\n';
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(`data: ${chunk(model, { role: 'assistant', content: '' })}${eol}${eol}`);
      for (const d of b.deltas) {
        if (res.destroyed) return;
        if (b.kind === 'stream' && b.delayMs) await sleep(b.delayMs);
        res.write(`data: ${chunk(model, { content: d })}${eol}${eol}`);
      }
      if (b.kind === 'stream-then-error') {
        res.end(`data: ${JSON.stringify({ error: { message: b.message, type: 'server_error' } })}\n\n`);
        return;
      }
      if (b.kind === 'stream-then-drop') {
        await sleep(10);
        res.destroy();
        return;
      }
      res.write(`data: ${chunk(model, {}, 'stop')}${eol}${eol}`);
      res.end(`data: [DONE]${eol}${eol}`);
    }
  }
}
