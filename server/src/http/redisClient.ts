import { connect, type Socket } from 'node:net';

/**
 * Just enough of a Redis client for the shared rate limits: one connection, commands pipelined in
 * order, replies parsed from RESP2 (simple strings, errors, integers, bulk strings, arrays). No
 * package is installed for it, and the limits need two commands. Reconnects on the next command
 * after the connection drops; a command that gets no reply within `timeoutMs` fails, so a stalled
 * Redis never holds a request (the caller then counts in-process).
 */
export type RedisReply = string | number | null | RedisReply[] | Error;

export interface RedisClient {
  /** Send commands in one write; resolves with their replies in order (a Redis error as an Error value). */
  pipeline(commands: string[][]): Promise<RedisReply[]>;
  close(): Promise<void>;
}

interface Pending {
  resolve(reply: RedisReply): void;
  reject(err: Error): void;
}

/** One reply from the buffer at `at`, or undefined when the buffer does not hold all of it yet. */
function parseReply(buf: Buffer, at: number): { reply: RedisReply; next: number } | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const type = String.fromCharCode(buf[at]!);
  const line = buf.toString('utf8', at + 1, eol);
  if (type === '+') return { reply: line, next: eol + 2 };
  if (type === '-') return { reply: new Error(line), next: eol + 2 };
  if (type === ':') return { reply: Number(line), next: eol + 2 };
  if (type === '$') {
    const len = Number(line);
    if (len < 0) return { reply: null, next: eol + 2 };
    if (buf.length < eol + 2 + len + 2) return undefined;
    return { reply: buf.toString('utf8', eol + 2, eol + 2 + len), next: eol + 2 + len + 2 };
  }
  if (type === '*') {
    const n = Number(line);
    if (n < 0) return { reply: null, next: eol + 2 };
    const items: RedisReply[] = [];
    let next = eol + 2;
    for (let i = 0; i < n; i++) {
      const item = parseReply(buf, next);
      if (!item) return undefined;
      items.push(item.reply);
      next = item.next;
    }
    return { reply: items, next };
  }
  throw new Error(`Unexpected reply from Redis (type ${JSON.stringify(type)})`);
}

const encode = (args: string[]): string => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

/** `redis://[:password@]host[:port][/db]` (password and db optional). */
export function createRedisClient(url: string, timeoutMs = 500): RedisClient {
  const u = new URL(url);
  if (u.protocol !== 'redis:') throw new Error('REDIS_URL must start with redis:// (TLS is not supported)');
  const host = u.hostname || '127.0.0.1';
  const port = Number(u.port || 6379);
  const password = decodeURIComponent(u.password);
  const username = decodeURIComponent(u.username);
  const db = u.pathname.replace(/^\//, '');
  // Sent first on every new connection; their replies are checked like any other.
  const hello: string[][] = [
    ...(password ? [username ? ['AUTH', username, password] : ['AUTH', password]] : []),
    ...(db ? [['SELECT', db]] : []),
  ];

  let socket: Socket | undefined;
  let buffer = Buffer.alloc(0);
  let queue: Pending[] = [];

  const failAll = (err: Error) => {
    const waiting = queue;
    queue = [];
    for (const p of waiting) p.reject(err);
  };

  const open = (): Socket => {
    if (socket && !socket.destroyed) return socket;
    buffer = Buffer.alloc(0);
    const s = connect({ host, port });
    s.setNoDelay(true);
    // A Redis that is down must not keep the process alive or throw: its commands fail instead.
    s.unref();
    s.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      let at = 0;
      try {
        for (let r = parseReply(buffer, at); r; r = parseReply(buffer, at)) {
          at = r.next;
          queue.shift()?.resolve(r.reply);
        }
      } catch (err) {
        s.destroy(err as Error);
        return;
      }
      buffer = buffer.subarray(at);
    });
    s.on('error', () => {});
    s.on('close', () => {
      if (socket === s) socket = undefined;
      failAll(new Error('Redis connection closed'));
    });
    socket = s;
    for (const cmd of hello) send(s, cmd).catch(() => s.destroy());
    return s;
  };

  const send = (s: Socket, cmd: string[]) =>
    new Promise<RedisReply>((resolve, reject) => {
      queue.push({ resolve: (r) => (r instanceof Error && hello.some((h) => h === cmd) ? reject(r) : resolve(r)), reject });
      s.write(encode(cmd));
    });

  return {
    pipeline(commands) {
      const s = open();
      const all = Promise.all(commands.map((c) => send(s, c)));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          // Replies still owed would be matched to the wrong commands: start over on a new connection.
          s.destroy();
          reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      return Promise.race([all, timeout]).finally(() => clearTimeout(timer));
    },
    async close() {
      const s = socket;
      socket = undefined;
      if (!s || s.destroyed) return;
      await new Promise<void>((resolve) => {
        s.once('close', () => resolve());
        s.end();
        setTimeout(() => s.destroy(), 200).unref();
      });
    },
  };
}
