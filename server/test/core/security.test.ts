import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { securityHeaders } from '../../src/http/security.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => (t = await buildTestApp()));
afterAll(() => t.close());

describe('security headers and envelopes', () => {
  it('sends a content security policy and hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['strict-transport-security']).toBeUndefined(); // served over http here
    // The same headers on every answer, an error or an unknown route too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('asks browsers for https only where the product is served over https', () => {
    const headers = securityHeaders(loadConfig({ DATA_DIR: '/tmp/docent-unused', PUBLIC_URL: 'https://docent.example' }));
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/definitely/not/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, detail: 'Route POST /api/v1/definitely/not/here not found' });
  });

  it('reports health with the engine and database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.json()).toEqual({
      success: true,
      data: { status: 'ok', db: 'ok', engine: t.db.engine, worker: 'off' },
    });
  });

  it('gives the front ends their runtime config without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    const data = res.json().data;
    expect(data).toMatchObject({ authMode: 'emulator', firebase: { projectId: 'demo-docent' } });
    expect(data.authEmulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(JSON.stringify(data)).not.toMatch(/LLM|DATABASE|private/i);
  });
});
