import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
// @ts-expect-error: a plain .mjs build script without type declarations
import { precompress } from '../../../scripts/precompress.mjs';
import { buildTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
// Big enough to be precompressed (scripts/precompress.mjs skips files under 1 KB).
const WIDGET_JS = `/* widget */\n${'window.docent = (window.docent || 0) + 1;\n'.repeat(200)}`;
const HASHED_JS = `export const app = ${JSON.stringify('x'.repeat(4000))};`;
const root = mkdtempSync(path.join(tmpdir(), 'docent-static-'));

beforeAll(async () => {
  const put = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), body);
  };
  put('dashboard/dist/index.html', '<!doctype html><div id="root"></div>');
  put('dashboard/dist/assets/app.js', 'console.log(1)');
  put('widget/dist/widget.js', WIDGET_JS);
  put('dashboard/dist/assets/index-4f9c2a1b.js', HASHED_JS);
  put('widget/dist/widget.css', '.w{}');
  put('demo/index.html', '<!doctype html><title>Demo</title>');
  put('demo/site/index.html', '<!doctype html><title>Lumen</title>');
  precompress(path.join(root, 'widget/dist'));
  precompress(path.join(root, 'dashboard/dist'));
  t = await buildTestApp({ staticRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the front ends', () => {
  it('serves the dashboard for client-side routes', async () => {
    for (const url of ['/', '/app', '/app/chatbots/123', '/chat/abc/conversations', '/privacy-policy']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
  });

  it('keeps 404s for unknown API routes and missing assets', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves the widget to any origin with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget/widget.js', headers: { origin: 'https://customer.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toContain('max-age=86400');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('serves the demo page and the sample site', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/demo/' })).body).toContain('Demo');
    expect((await t.app.inject({ method: 'GET', url: '/demo/site/' })).body).toContain('Lumen');
  });

  it('sends text assets precompressed (brotli, else gzip) with Vary, and the same bytes uncompressed to clients that ask for nothing', async () => {
    const get = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('/widget/widget.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(WIDGET_JS.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(WIDGET_JS);
    const gz = await get('/widget/widget.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(WIDGET_JS);
    const plain = await get('/widget/widget.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(WIDGET_JS);
  });

  it('caches hashed dashboard bundles for a year, immutable, and the page that names them not at all', async () => {
    const bundle = await t.app.inject({ method: 'GET', url: '/assets/index-4f9c2a1b.js', headers: { 'accept-encoding': 'br' } });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(bundle.rawPayload).toString()).toBe(HASHED_JS);
    for (const url of ['/', '/app']) {
      // As a browser asks: accepting compression must not lose the page (index.html is too small to precompress).
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
