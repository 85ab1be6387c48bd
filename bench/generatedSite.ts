/**
 * A generated documentation site for the crawl bench: an index, 10 section pages and 990 article
 * pages (1,001 in all, every one within 2 clicks of the index), written to a folder. Pages look like
 * a docs generator's: header navigation, a sidebar of neighbouring pages, a <main> with headings,
 * prose, code, lists and tables, "see also" links across the site, a footer; about 12 KB each.
 * Seeded, so every run crawls the same site.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECTIONS = ['install', 'config', 'storage', 'network', 'security', 'api', 'cli', 'deploy', 'monitor', 'upgrade'];
const WORDS = (
  'server client request response cache index query table column row record field value option setting flag ' +
  'default timeout retry limit buffer queue worker thread process memory disk file folder path route handler ' +
  'token session user owner role permission policy rule network address port host proxy gateway certificate ' +
  'backup restore snapshot replica cluster node leader follower shard partition log metric alert dashboard ' +
  'the a an of to in for on with by from when each every only never always then after before because which ' +
  'is are was be can may must should will runs reads writes sends keeps stores checks starts stops returns'
).split(' ');

/** The frame every page shares: header navigation, sidebar, main, footer. */
const layout = (pageTitle: string, sidebar: string, main: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${pageTitle} — Harbour docs</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/static/site.css"></head>
<body><header class="top"><a href="/index.html" class="brand">Harbour docs</a><nav>${SECTIONS.map((s) => `<a href="/${s}/index.html">${s}</a>`).join(' ')}</nav>
<form class="search" action="/search.html"><input name="q" placeholder="Search"></form></header>
<div class="wrap"><aside class="sidebar"><ul>${sidebar}</ul></aside>
<main id="content">${main}</main></div>
<footer><p>© Harbour project. <a href="/index.html">Home</a> · <a href="/${SECTIONS[0]}/index.html">Install</a></p></footer></body></html>
`;

/** mulberry32: a small seeded generator, so the site is the same on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateSite(dir: string, perSection = 99, seed = 40): { pages: number; bytes: number } {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const sentence = () => {
    const w = Array.from({ length: int(9, 22) }, () => pick(WORDS)).join(' ');
    return w[0]!.toUpperCase() + w.slice(1) + '.';
  };
  const para = () => `<p>${Array.from({ length: int(3, 6) }, sentence).join(' ')}</p>`;
  const title = (s: string, i: number) => `${s[0]!.toUpperCase()}${s.slice(1)} ${pick(WORDS)} ${pick(WORDS)} (${i + 1})`;
  const href = (s: string, i: number) => `/${s}/page-${i + 1}.html`;
  const titles = new Map(SECTIONS.map((s) => [s, Array.from({ length: perSection }, (_, i) => title(s, i))]));

  const sidebarNear = (list: string[], s: string, i: number) =>
    list
      .map((nt, j) => ({ nt, j }))
      .filter(({ j }) => Math.abs(j - i) <= 12)
      .map(({ nt, j }) => `<li><a href="${href(s, j)}">${nt}</a></li>`)
      .join('');
  const block = () => {
    const parts = [para(), para()];
    if (rnd() < 0.5) parts.push(`<pre><code>harbour ${pick(WORDS)} --${pick(WORDS)}=${int(1, 900)} ${pick(WORDS)}.conf</code></pre>`);
    if (rnd() < 0.4) parts.push(`<ul>${Array.from({ length: int(3, 6) }, () => `<li>${sentence()}</li>`).join('')}</ul>`);
    if (rnd() < 0.25) {
      const rows = Array.from(
        { length: int(3, 8) },
        () => `<tr><td>${pick(WORDS)}_${pick(WORDS)}</td><td>${int(0, 100)}</td><td>${sentence()}</td></tr>`,
      );
      parts.push(`<table><tr><th>Option</th><th>Default</th><th>Meaning</th></tr>${rows.join('')}</table>`);
    }
    parts.push(para());
    return parts.join('\n');
  };
  const article = (t: string, s: string, i: number) => {
    const parts = [`<h1>${t}</h1>`, para(), para()];
    for (let h = 0, n = int(3, 6); h < n; h++) parts.push(`<h2 id="s${h}">${title(pick(SECTIONS), h)}</h2>`, block());
    const also = Array.from({ length: 5 }, () => {
      const os = pick(SECTIONS);
      const j = int(0, perSection - 1);
      return `<li><a href="${href(os, j)}">${titles.get(os)![j]}</a></li>`;
    });
    parts.push(`<h2>See also</h2><ul>${also.join('')}</ul>`);
    const prev = i > 0 ? `<a rel="prev" href="${href(s, i - 1)}">Previous</a>` : '';
    const next = i < perSection - 1 ? `<a rel="next" href="${href(s, i + 1)}">Next</a>` : '';
    parts.push(`<nav class="pager">${prev} ${next}</nav>`);
    return parts.join('\n');
  };

  let pages = 0;
  let bytes = 0;
  const write = (rel: string, html: string) => {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    pages++;
    bytes += Buffer.byteLength(html);
  };

  write(
    'index.html',
    layout(
      'Home',
      SECTIONS.map((s) => `<li><a href="/${s}/index.html">${s}</a></li>`).join(''),
      `<h1>Harbour documentation</h1>${para()}${para()}<ul>${SECTIONS.map((s) => `<li><a href="/${s}/index.html">${s}</a>: ${sentence()}</li>`).join('')}</ul>`,
    ),
  );
  for (const s of SECTIONS) {
    const list = titles.get(s)!;
    const toc = list.map((t, i) => `<li><a href="${href(s, i)}">${t}</a></li>`).join('');
    write(`${s}/index.html`, layout(s, toc, `<h1>${s}</h1>${para()}<ol>${toc}</ol>`));
    list.forEach((t, i) => write(href(s, i).slice(1), layout(t, sidebarNear(list, s, i), article(t, s, i))));
  }
  mkdirSync(path.join(dir, 'static'), { recursive: true });
  writeFileSync(path.join(dir, 'static/site.css'), 'body{font-family:sans-serif} .wrap{display:flex} .sidebar{width:260px}');
  return { pages, bytes };
}
