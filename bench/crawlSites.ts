/**
 * The sites `npm run bench:crawl` crawls, and the local servers it serves them with. Every site is
 * real files on disk: the Python 3.11 docs (530 pages, Sphinx), the Debian Administrator's Handbook
 * (127 long DocBook pages; both from ../shared/corpora) and a generated 1,001-page docs site.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSite } from './generatedSite.js';

export interface Site {
  name: string;
  /** The folder served as the site root (made on demand for the generated site). */
  dir(): string;
  /** Removes anything dir() made. */
  cleanup(): void;
}

const firstExisting = (name: string, dirs: string[], hint: string) => {
  for (const d of dirs) if (existsSync(path.join(d, 'index.html'))) return realpathSync(d);
  throw new Error(`${name} not found: ${hint}`);
};

let generated: string | undefined;
export const SITES: Record<string, Site> = {
  pydocs: {
    name: 'Python docs',
    dir: () =>
      firstExisting(
        'Python docs',
        ['/usr/share/doc/python3/html', '/usr/share/doc/python3.11/html'],
        'run ../shared/corpora/serve-pydocs.sh once',
      ),
    cleanup() {},
  },
  handbook: {
    name: 'Debian Handbook',
    dir: () =>
      firstExisting(
        'Debian Handbook',
        [
          '/usr/share/doc/debian-handbook/html/en-US',
          path.join(
            process.env.XDG_CACHE_HOME ?? path.join(process.env.HOME ?? '/root', '.cache'),
            'debian-handbook/usr/share/doc/debian-handbook/html/en-US',
          ),
        ],
        'run ../shared/corpora/debian-handbook/serve.sh once',
      ),
    cleanup() {},
  },
  generated: {
    name: 'generated docs site (1,001 pages)',
    dir() {
      if (!generated) {
        generated = mkdtempSync(path.join(tmpdir(), 'docent-bench-site-'));
        generateSite(generated);
      }
      return generated;
    },
    cleanup() {
      if (generated) rmSync(generated, { recursive: true, force: true });
      generated = undefined;
    },
  },
};

/** Whether nothing listens on the port (else the figures would describe whatever server does). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export interface Served {
  url: string;
  name: string;
  /** Resolves once the server process has exited (its port is free again). */
  stop(): Promise<void>;
}

/**
 * Serves dir on 127.0.0.1:port with `kind`: 'node' (bench/staticServer.ts, the default), 'nginx'
 * (Debian package, 1 worker) or 'python' (http.server: HTTP/1.0, backlog 5, refuses connections
 * at high concurrency). Resolves once index.html answers.
 */
export async function serve(dir: string, port: number, kind: string): Promise<Served> {
  if (!(await portIsFree(port))) throw new Error(`Port ${port} is in use; pass --port=N (or --url= to crawl a server you started)`);
  let child: ChildProcess;
  let name: string;
  let scratch: string | undefined;
  if (kind === 'nginx') {
    scratch = mkdtempSync(path.join(tmpdir(), 'docent-nginx-'));
    for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(scratch, d));
    writeFileSync(
      path.join(scratch, 'nginx.conf'),
      `worker_processes 1; daemon off; pid ${scratch}/nginx.pid; error_log ${scratch}/error.log;
events { worker_connections 512; }
http { access_log off; include /etc/nginx/mime.types; default_type application/octet-stream; sendfile on;
  client_body_temp_path ${scratch}/body; proxy_temp_path ${scratch}/proxy; fastcgi_temp_path ${scratch}/fastcgi;
  uwsgi_temp_path ${scratch}/uwsgi; scgi_temp_path ${scratch}/scgi;
  server { listen 127.0.0.1:${port}; root ${dir}; } }`,
    );
    child = spawn('nginx', ['-c', path.join(scratch, 'nginx.conf')], { stdio: 'inherit' });
    name = 'nginx (1 worker process)';
  } else if (kind === 'python') {
    child = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, String(port)], { stdio: 'ignore' });
    name = 'python3 -m http.server';
  } else {
    child = spawn(process.execPath, ['--import', 'tsx', path.resolve('bench/staticServer.ts'), dir, String(port)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    name = 'Node static server (bench/staticServer.ts, own process)';
  }
  const url = `http://127.0.0.1:${port}/index.html`;
  let exited = false;
  child.once('exit', () => (exited = true));
  let up = false;
  for (let i = 0; i < 150 && !exited && !up; i++) {
    up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    const gone = exited ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
  if (exited || !up) {
    await stop();
    throw new Error(`${name} did not start on port ${port}`);
  }
  return { url, name, stop };
}
