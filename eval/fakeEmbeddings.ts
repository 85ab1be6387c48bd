import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible embeddings server speaking the real wire protocol (POST …/embeddings,
 * `{model, input}` → `{object: 'list', data: [{object: 'embedding', index, embedding}], model, usage}`,
 * errors as `{error: {message, type}}`), for tests and for the evaluation of EMBEDDINGS=openai. Vectors
 * come from `vectorize`: by default a hashed bag of words (deterministic, lexical), or a real model.
 * `fail` scripts failures: the next requests answer with these statuses (or hang for `hangMs`).
 */
export interface FakeEmbeddings {
  url: string;
  requests: { path: string; authorization?: string; model: string; input: string[] }[];
  fail(...behaviours: ({ status: number; retryAfter?: string } | { hangMs: number })[]): void;
  close(): Promise<void>;
}

export function hashedBagOfWords(text: string, dims = 64): number[] {
  const v: number[] = new Array<number>(dims).fill(0);
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const h = createHash('sha1').update(w).digest();
    const sign = (h[1]! & 1) === 1 ? 1 : -1;
    v[h[0]! % dims] = v[h[0]! % dims]! + sign;
  }
  if (!v.some((x) => x !== 0)) v[0] = 1;
  return v;
}

export async function startFakeEmbeddings(
  vectorize: (texts: string[]) => Promise<number[][]> = async (t) => t.map((s) => hashedBagOfWords(s)),
): Promise<FakeEmbeddings> {
  const requests: FakeEmbeddings['requests'] = [];
  let script: ({ status: number; retryAfter?: string } | { hangMs: number })[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', async () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      let body: { model?: unknown; input?: unknown };
      try {
        body = JSON.parse(raw);
      } catch {
        return send(400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error' } });
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/embeddings'))
        return send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      const input = typeof body.input === 'string' ? [body.input] : body.input;
      if (typeof body.model !== 'string' || !Array.isArray(input) || !input.every((s) => typeof s === 'string')) {
        return send(400, { error: { message: "'input' must be a string or an array of strings", type: 'invalid_request_error' } });
      }
      requests.push({ path: req.url, authorization: req.headers.authorization, model: body.model, input });
      const next = script.shift();
      if (next && 'hangMs' in next) return void setTimeout(() => send(200, { object: 'list', data: [] }), next.hangMs);
      if (next)
        return send(
          next.status,
          { error: { message: `scripted failure ${next.status}`, type: 'server_error' } },
          next.retryAfter ? { 'retry-after': next.retryAfter } : {},
        );
      const vectors = await vectorize(input);
      send(200, {
        object: 'list',
        data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
        model: body.model,
        usage: { prompt_tokens: input.join(' ').split(/\s+/).length, total_tokens: input.join(' ').split(/\s+/).length },
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    fail: (...b) => (script = [...script, ...b]),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
