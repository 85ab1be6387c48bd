import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const root = mkdtempSync(path.join(tmpdir(), 'docent-static-'));

beforeAll(async () => {
  const put = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), body);
  };
  put('dashboard/dist/index.html', '<!doctype html><div id="root"></div>');
  put('dashboard/dist/assets/app.js', 'console.log(1)');
  put('widget/dist/widget.js', '/* widget */');
  put('widget/dist/widget.css', '.w{}');
  put('demo/index.html', '<!doctype html><title>Demo</title>');
  put('demo/site/index.html', '<!doctype html><title>Lumen</title>');
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
});
