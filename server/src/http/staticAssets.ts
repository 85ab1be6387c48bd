import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Files the build precompresses (scripts/precompress.mjs): their response depends on Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/i;
/** Vite names the dashboard's bundles by content hash: a new build is a new name, so they never change. */
const HASHED = `${path.sep}assets${path.sep}`;

// `file` is the file sent: name.js.br when the precompressed copy goes out.
const varyOnEncoding = (res: { setHeader(name: string, value: string): unknown }, file: string) => {
  if (COMPRESSIBLE.test(file.replace(/\.(br|gz)$/, ''))) res.setHeader('vary', 'Accept-Encoding');
};

/**
 * The front ends, when built: the dashboard at / (client-side routes fall back to index.html),
 * the widget at /widget/ (long cache, any origin), the demo page and sample site at /demo/.
 */
export async function installStaticAssets(app: FastifyInstance, root = ROOT): Promise<string[]> {
  const served: string[] = [];
  const widgetDir = path.join(root, 'widget/dist');
  const demoDir = path.join(root, 'demo');
  const dashboardDir = path.join(root, 'dashboard/dist');

  if (existsSync(widgetDir)) {
    await app.register(fastifyStatic, {
      root: widgetDir,
      prefix: '/widget/',
      decorateReply: false,
      // The file names are stable (they are in customers' pages), so "long" is a day, not immutable.
      maxAge: 86_400_000,
      preCompressed: true,
      setHeaders: (res, file) => {
        res.setHeader('access-control-allow-origin', '*');
        varyOnEncoding(res, file);
      },
    });
    served.push('/widget/');
  }
  if (existsSync(demoDir)) {
    await app.register(fastifyStatic, { root: demoDir, prefix: '/demo/', decorateReply: false, redirect: true, index: 'index.html' });
    served.push('/demo/');
  }
  if (existsSync(path.join(dashboardDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dashboardDir,
      prefix: '/',
      wildcard: false,
      // "/" is a client-side route like the others (below): the plugin's own index lookup answers
      // 404 to a browser that accepts compression when index.html has no compressed copy.
      index: false,
      preCompressed: true,
      // Set here, per file: the plugin's own Cache-Control would overwrite what setHeaders says.
      cacheControl: false,
      setHeaders: (res, file) => {
        varyOnEncoding(res, file);
        res.setHeader('cache-control', file.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
      },
    });
    app.get('/*', (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      // API and asset misses keep their 404s; everything else is a client-side route.
      if (url.startsWith('/api/') || url.startsWith('/widget/') || url.startsWith('/demo/') || path.extname(url) !== '') {
        return reply.status(404).send({ success: false, detail: `Route ${request.method} ${url} not found` });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dashboardDir);
    });
    served.push('/');
  }
  return served;
}
