import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { CrawledCorpus } from './corpusSite.js';

/**
 * How much of each page's own text the index kept, measured without the product's extractor:
 * a page's visible text is every text node outside <head>, scripts, styles and the regions the page
 * marks as navigation in standard markup (<nav>, role="navigation"), cut into lines at block
 * elements (a plain HTML-to-text pass); lines found on more than half of the crawled pages
 * are the site's template and do not count. A page's score is the share of the remaining words
 * (as a multiset) found in its stored document. Listing pages (indexes and tables of contents,
 * where most words sit inside links) are reported apart: the product keeps only their head.
 */
const INVISIBLE = new Set(['head', 'script', 'style', 'template', 'noscript']);
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

interface PageText {
  lines: string[];
  words: number;
  linkWords: number;
}

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

export function visibleText(html: string): PageText {
  const lines: string[] = [];
  let line = '';
  let all = 0;
  let linked = 0;
  const flush = () => {
    const t = line.replace(/\s+/g, ' ').trim();
    if (t) lines.push(t);
    line = '';
  };
  const walk = (n: ChildNode, inLink: boolean) => {
    if (n.type === 'text') {
      const data = (n as unknown as { data: string }).data;
      const w = words(data).length;
      all += w;
      if (inLink) linked += w;
      line += data;
      return;
    }
    if (n.type !== 'tag') return;
    const el = n as Element;
    if (INVISIBLE.has(el.name) || el.name === 'nav' || el.attribs.role === 'navigation') return;
    const block = BLOCK.has(el.name);
    if (block) flush();
    for (const c of el.children) walk(c, inLink || el.name === 'a');
    if (block) flush();
  };
  for (const n of parseDocument(html).children) walk(n, false);
  flush();
  return { lines, words: all, linkWords: linked };
}

export interface PageCoverage {
  url: string;
  kept: number;
  words: number;
}

export interface CoverageReport {
  pages: PageCoverage[];
  listings: string[];
  passing: number;
  share: number;
}

export async function textCoverage(corpus: CrawledCorpus, minKept = 0.8): Promise<CoverageReport> {
  const docs = await corpus.db.query<{ url: string; content: string }>(
    'SELECT url, content FROM documents WHERE chatbot_id = $1 AND live',
    [corpus.botId],
  );
  const texts = new Map<string, PageText>();
  for (const d of docs) texts.set(d.url, visibleText(await (await fetch(d.url)).text()));
  const linePages = new Map<string, number>();
  for (const t of texts.values())
    for (const l of new Set(t.lines.map((x) => x.toLowerCase()))) linePages.set(l, (linePages.get(l) ?? 0) + 1);
  const template = (l: string) => (linePages.get(l.toLowerCase()) ?? 0) > docs.length / 2;

  const pages: PageCoverage[] = [];
  const listings: string[] = [];
  for (const d of docs) {
    const t = texts.get(d.url)!;
    if (t.words > 0 && t.linkWords / t.words > 0.6) {
      listings.push(d.url);
      continue;
    }
    const want = bag(t.lines.filter((l) => !template(l)).flatMap(words));
    const have = bag(words(d.content));
    let total = 0;
    let found = 0;
    for (const [w, n] of want) {
      total += n;
      found += Math.min(n, have.get(w) ?? 0);
    }
    pages.push({ url: d.url, kept: total === 0 ? 1 : found / total, words: total });
  }
  const passing = pages.filter((p) => p.kept >= minKept).length;
  return { pages, listings, passing, share: pages.length === 0 ? 0 : passing / pages.length };
}

function bag(ws: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of ws) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/** The per-site figures, printed with the test output. */
export function printCoverage(site: string, r: CoverageReport, origin: string): void {
  const worst = [...r.pages].sort((a, b) => a.kept - b.kept).slice(0, 5);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(
    `${site}: ${r.passing}/${r.pages.length} pages (${pct(r.share)}) keep ≥ 80% of their non-repeated visible text; ` +
      `${r.listings.length} listing pages apart. Worst: ${worst.map((p) => `${p.url.slice(origin.length + 1)} ${pct(p.kept)} of ${p.words} words`).join(', ')}`,
  );
}
