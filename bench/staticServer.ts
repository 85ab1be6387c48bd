/**
 * A plain static file server for the crawl bench, run as its own process (so serving never shares
 * the measured process's event loop): `tsx bench/staticServer.ts DIR PORT`. Keep-alive HTTP/1.1,
 * files streamed from disk, directory → index.html, 404 otherwise. Used because Python's http.server
 * (HTTP/1.0, listen backlog 5) refuses connections at a crawler's concurrency and nginx is not
 * installed everywhere; both crawlers in a run are served by the same one.
 */
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [root = '.', port = '8766'] = process.argv.slice(2);
const base = path.resolve(root);
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const server = http.createServer((req, res) => {
  let file: string;
  try {
    file = path.join(base, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  } catch {
    res.writeHead(400).end();
    return;
  }
  // Never outside the served folder.
  if (!file.startsWith(base)) return void res.writeHead(404).end();
  try {
    let st = statSync(file);
    if (st.isDirectory()) {
      file = path.join(file, 'index.html');
      st = statSync(file);
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': st.size,
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
});
server.keepAliveTimeout = 30_000;
server.listen(Number(port), '127.0.0.1', () => console.error(`serving ${base} on http://127.0.0.1:${port}/`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
