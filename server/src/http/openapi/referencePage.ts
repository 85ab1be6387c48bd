/**
 * The OpenAPI document as one readable HTML page (GET /api/v1/reference): rendered on the server
 * from the same document, no script, every value escaped. A maintained Swagger/Redoc UI would need
 * packages this install does not have; this page needs none and passes the site's CSP as it is.
 */
import type { OpenApiDocument } from './document.js';

type Json = Record<string, unknown>;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2330}
h2{border-bottom:1px solid #ccd;margin-top:2.5rem}section{margin:1.5rem 0;padding:.5rem 1rem;border-left:3px solid #99a}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f3f4f7;padding:.75rem;overflow:auto}
.m{font-weight:700;text-transform:uppercase;margin-right:.5rem}table{border-collapse:collapse}td,th{padding:.2rem .6rem;border:1px solid #dde;text-align:left}
@media (prefers-color-scheme:dark){body{background:#15181e;color:#dfe3ea}pre{background:#222731}td,th{border-color:#3a4150}}`;

function parametersTable(params: Json[]): string {
  if (params.length === 0) return '';
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

type Response = { description?: string; content?: Record<string, { schema?: Json }> };

/** A response's bodies by media type (the shared error envelope is described once, not under every code). */
function bodies(r: Response): string {
  return Object.entries(r.content ?? {})
    .filter(([, c]) => c.schema && !('$ref' in c.schema))
    .map(
      ([type, c]) =>
        `<details><summary>Body (${escapeHtml(type)})</summary><pre>${escapeHtml(JSON.stringify(c.schema, null, 2))}</pre></details>`,
    )
    .join('');
}

function operationHtml(method: string, path: string, op: Json): string {
  const body = (op.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)?.content?.['application/json']?.schema;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Response>)
    .map(([code, r]) => `<li><code>${escapeHtml(code)}</code> ${escapeHtml(r.description ?? '')}${bodies(r)}</li>`)
    .join('');
  const access = Array.isArray(op.security) && op.security.length > 0 ? 'Bearer token (owner)' : 'No token';
  return `<section id="${escapeHtml(String(op.operationId ?? ''))}"><p><span class="m">${escapeHtml(method)}</span><code>${escapeHtml(path)}</code></p>
<p>${escapeHtml(String(op.summary ?? ''))}</p>${op.description ? `<p>${escapeHtml(String(op.description))}</p>` : ''}<p>${access}</p>
${parametersTable((op.parameters ?? []) as Json[])}${body ? `<p>Request body (JSON):</p><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre>` : ''}
<ul>${responses}</ul></section>`;
}

export function renderReferencePage(doc: OpenApiDocument): string {
  const info = doc.info;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('\n')}`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)} reference</title><style>${STYLE}</style></head><body>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1><p>${escapeHtml(info.description)}</p>
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<p>A failure answers with the error envelope:</p><pre>${escapeHtml(JSON.stringify((doc.components.schemas as Json | undefined)?.Error ?? {}, null, 2))}</pre>
${sections}</body></html>`;
}
