/**
 * Serving a dev site for the crawl, on a free 127.0.0.1 port: a corpus's own serve script (a child
 * process, stopped by its pid), or a folder through a small static file server in this process.
 */
import { spawn } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface ServedSite {
  origin: string;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A free TCP port (asked of the OS, then released for the script to bind). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** Serve a folder as the site root: GET/HEAD of files inside it, `/` as index.html, 404 otherwise. */
export async function serveDir(dir: string): Promise<ServedSite> {
  const root = path.resolve(dir);
  const server: Server = createServer((req, res) => {
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      rel = '/';
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(root, `.${rel}`);
    const inside = file === root || file.startsWith(root + path.sep);
    let size = -1;
    try {
      if (inside) size = statSync(file).isFile() ? statSync(file).size : -1;
    } catch {}
    if (size < 0) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-length': size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Run a corpus's serve script (`script PORT`) and wait until the seed page answers. */
export async function serveScript(script: string, seed: string, timeoutMs = 120_000): Promise<ServedSite> {
  const port = await freePort();
  const child = spawn('bash', [script, String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let alive = true;
  void exited.then(() => (alive = false));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (alive) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive) throw new Error(`${script} exited before serving: ${stderr.trim()}`);
    const ok = await fetch(`${origin}/${seed}`, { method: 'HEAD' }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not serve ${seed} within ${timeoutMs / 1000}s: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
