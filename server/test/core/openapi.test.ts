import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../src/http/openapi/document.js';
import { ROUTE_DOCS } from '../../src/http/openapi/routeDocs.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary: string;
        tags: string[];
        parameters: { name: string; in: string; schema: Record<string, unknown> }[];
        requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
      }
    >
  >;
};
const getDoc = async (): Promise<Doc> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** Every `app.get('/path'` etc. in the route sources: a route table independent of the onRoute hook. */
function routesInSources(): string[] {
  const root = path.resolve(__dirname, '../../src/http');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('routes.ts') || (f.startsWith('routes/') && f.endsWith('.ts')),
  );
  return files.flatMap((f) =>
    [...readFileSync(path.join(root, f), 'utf8').matchAll(/\bapp\.(get|post|put|patch|delete)\(\s*'([^']+)'/g)].map(
      (m) => `${m[1]!.toUpperCase()} /api/v1${m[2]}`,
    ),
  );
}

describe('OpenAPI document', () => {
  it('lists every route the app registered, each documented, and nothing it does not serve', async () => {
    const doc = await getDoc();
    expect(doc.openapi).toBe('3.1.0');
    const inDoc = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    const sources = routesInSources();
    expect(sources.length).toBeGreaterThanOrEqual(20);
    for (const route of sources) {
      const [method, url] = route.split(' ') as [string, string];
      expect(inDoc, route).toContain(`${method} ${openApiPath(url)}`);
    }
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.tags, `${method} ${p}`).not.toContain('Undocumented');
        expect(op.summary.length).toBeGreaterThan(5);
        expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: p.replace(/\{(\w+)\}/g, ':$1') }), `${method} ${p}`).toBe(true);
      }
    }
    // No documentation left behind for a route that is gone.
    for (const key of Object.keys(ROUTE_DOCS)) expect(sources, key).toContain(key);
  });

  it('may be read from any origin (API tools), like the other public routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { origin: 'https://tools.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('describes inputs with the schemas the handlers validate with', async () => {
    const doc = await getDoc();
    const send = doc.paths['/api/v1/chatbots/{id}/conversations/{conversationId}/messages']!.post!;
    const body = send.requestBody!.content['application/json'].schema;
    expect(body).toMatchObject({ type: 'object', required: ['content', 'visitor_id'], additionalProperties: false });
    expect((body.properties as Record<string, { maxLength?: number }>).content!.maxLength).toBe(4000);
    expect(send.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'path:conversationId']);

    const list = doc.paths['/api/v1/chatbots/{id}/conversations/{conversationId}/messages']!.get!;
    const limit = list.parameters.find((p) => p.name === 'limit')!;
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { maximum: 200, default: 50 } });
    expect(list.parameters.find((p) => p.name === 'visitor_id')).toMatchObject({ required: true });

    const tasks = doc.paths['/api/v1/crawl-and-index/tasks/{chatbotId}']!.get!;
    expect(tasks.parameters.find((p) => p.name === 'task_type')!.schema.enum).toContain('crawl_and_index');
  });

  it('has a readable reference page with every path, escaped, served under the site CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/reference' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const doc = await getDoc();
    for (const p of Object.keys(doc.paths)) expect(res.body).toContain(`<code>${p}</code>`);
    expect(res.body).not.toContain('<script');
    // The visitor_id pattern's characters arrive escaped, not as markup.
    expect(res.body).toContain('^visitor-[A-Za-z0-9_-]{22,128}$');
    // Response bodies, not only status codes: the chatbot's fields, the answer stream, the CSV export.
    expect(res.body).toContain('Body (application/json)');
    expect(res.body).toContain('&quot;document_count&quot;');
    expect(res.body).toContain('Body (text/event-stream)');
    expect(res.body).toContain('Body (text/csv)');
  });
});
