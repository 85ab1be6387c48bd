import { Readability } from '@mozilla/readability';
import type { ChildNode, Document, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { renderMarkdown, textContent } from './markdownWriter.js';
import { normalizeUrl } from './urls.js';

/**
 * One parse per page (htmlparser2, the fast tree linkedom itself builds on) gives both the links
 * (for the frontier) and the main content (for the index). Main content: the element the page
 * declares (<main>, [role=main], a single <article>) — cheap and exact on documentation sites —
 * else Readability on a linkedom DOM (the expensive fallback, skipped on giant pages), else the
 * body without its chrome.
 */
export interface ExtractedPage {
  title: string;
  markdown: string;
  /** Normalised absolute http(s) links, resolved against <base href> when present. */
  links: string[];
  /** Raw canonical link, resolved; the caller decides whether to honour it. */
  canonical?: string;
  /** <meta name="robots"> asks not to index / not to follow. */
  noindex: boolean;
  nofollow: boolean;
  /** How the content was chosen (diagnostics and tests). */
  method: 'declared' | 'readability' | 'body' | 'text';
}

export interface ExtractOptions {
  /** Above this HTML size Readability is not run (a 2.5 MB index page takes it seconds). */
  readabilityMaxChars?: number;
  /** Markdown beyond this is cut (giant pages would swamp a bot's index). */
  maxMarkdownChars?: number;
  /** Skip content extraction, links only (URL collection). */
  linksOnly?: boolean;
}

const MIN_CONTENT_CHARS = 200;

export function extractPage(html: string, pageUrl: string, opts: ExtractOptions = {}): ExtractedPage {
  const doc = parseDocument(html);
  const found = scan(doc);
  const baseHref = found.base?.attribs.href;
  const base = (baseHref && normalizeUrl(baseHref, pageUrl)) || pageUrl;

  const robotsMeta = (found.robotsMeta ?? '').toLowerCase();
  const noindex = /\b(noindex|none)\b/.test(robotsMeta);
  const nofollow = /\b(nofollow|none)\b/.test(robotsMeta);

  const links = new Set<string>();
  if (!nofollow) {
    for (const href of found.hrefs) {
      const url = normalizeUrl(href, base);
      if (url) links.add(url);
    }
  }
  const canonical = found.canonical ? (normalizeUrl(found.canonical, base) ?? found.canonical) : undefined;
  const title = clean(found.title ? textContent(found.title) : '') || clean(found.h1 ? textContent(found.h1) : '');
  const result = { title, links: [...links], canonical, noindex, nofollow };
  if (opts.linksOnly) return { ...result, markdown: '', method: 'declared' };

  const cap = opts.maxMarkdownChars ?? 400_000;
  const { markdown, method } = mainContent(html, found, cap, opts);
  return { ...result, title: title || firstHeading(markdown), markdown: markdown.length > cap ? markdown.slice(0, cap) : markdown, method };
}

function mainContent(html: string, found: Scan, cap: number, opts: ExtractOptions): { markdown: string; method: ExtractedPage['method'] } {
  const declared = found.main ?? found.roleMain ?? (found.articles.length === 1 ? found.articles[0] : undefined);
  if (declared) {
    let markdown = renderMarkdown(declared, { maxChars: cap });
    // Tables of contents and term indexes (mostly links) are navigation, not answers: keep a
    // searchable head instead of thousands of chunks of link lists.
    if (markdown.length > NAV_PAGE_KEEP_CHARS && linkDensity(declared) > 0.6) markdown = cutAtLine(markdown, NAV_PAGE_KEEP_CHARS);
    if (markdown.length >= MIN_CONTENT_CHARS) return { markdown, method: 'declared' };
  }
  if (html.length <= (opts.readabilityMaxChars ?? 1_000_000)) {
    const article = readabilityHtml(html);
    if (article) {
      const markdown = renderMarkdown(parseDocument(article).children, { maxChars: cap });
      if (markdown.length >= MIN_CONTENT_CHARS) return { markdown, method: 'readability' };
    }
  }
  // Pages may omit <body> (valid HTML5): then the document's children are the body.
  const body = found.body ?? found.root.children;
  return { markdown: renderMarkdown(body, { pageChrome: true, maxChars: cap }), method: 'body' };
}

const NAV_PAGE_KEEP_CHARS = 20_000;

/** Share of an element's text that sits inside links. */
function linkDensity(root: Element): number {
  let all = 0;
  let linked = 0;
  const walk = (n: ChildNode, inLink: boolean) => {
    if (n.type === 'text') {
      const len = (n as unknown as { data: string }).data.trim().length;
      all += len;
      if (inLink) linked += len;
    } else if (n.type === 'tag') {
      const el = n as Element;
      for (const c of el.children) walk(c, inLink || el.name === 'a');
    }
  };
  walk(root, false);
  return all === 0 ? 0 : linked / all;
}

const cutAtLine = (s: string, n: number) => {
  const cut = s.lastIndexOf('\n', n);
  return s.slice(0, cut > n / 2 ? cut : n).trimEnd();
};

/** Readability needs a full DOM; it runs only when the page does not declare its main content. */
function readabilityHtml(html: string): string | undefined {
  try {
    const { document } = parseHTML(html) as unknown as { document: globalThis.Document };
    const article = new Readability(document, { charThreshold: MIN_CONTENT_CHARS }).parse();
    return article?.content ?? undefined;
  } catch {
    return undefined; // broken markup can trip Readability; the body fallback still works
  }
}

interface Scan {
  root: Document;
  body?: Element;
  main?: Element;
  roleMain?: Element;
  articles: Element[];
  base?: Element;
  title?: Element;
  h1?: Element;
  canonical?: string;
  robotsMeta?: string;
  hrefs: string[];
}

/** One walk over the tree collects everything the crawler needs from a page. */
function scan(root: Document): Scan {
  const s: Scan = { root, articles: [], hrefs: [] };
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const el = node as Element;
    const a = el.attribs;
    switch (el.name) {
      case 'a': case 'area':
        if (a.href !== undefined && s.hrefs.length < 20_000) s.hrefs.push(a.href);
        break;
      case 'body': s.body ??= el; break;
      case 'main': s.main ??= el; break;
      case 'article': s.articles.push(el); break;
      case 'base': if (a.href !== undefined) s.base ??= el; break;
      case 'title': s.title ??= el; break;
      case 'h1': s.h1 ??= el; break;
      case 'link':
        if (a.href !== undefined && /(?:^|\s)canonical(?:\s|$)/i.test(a.rel ?? '')) s.canonical ??= a.href;
        break;
      case 'meta':
        if ((a.name ?? '').toLowerCase() === 'robots') s.robotsMeta = `${s.robotsMeta ?? ''} ${a.content ?? ''}`;
        break;
      case 'script': case 'style': case 'template':
        continue; // nothing of interest inside
    }
    if (a.role === 'main') s.roleMain ??= el;
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
  return s;
}

/** Plain-text pages: the text is the content; the first non-empty line is the title. */
export function extractText(text: string, opts: ExtractOptions = {}): ExtractedPage {
  const cap = opts.maxMarkdownChars ?? 400_000;
  const body = text.replace(/\r\n?/g, '\n').trim();
  const title = clean(body.split('\n').find((l) => l.trim() !== '') ?? '').slice(0, 200);
  return { title, markdown: body.slice(0, cap), links: [], noindex: false, nofollow: false, method: 'text' };
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const firstHeading = (md: string) => /^#{1,6}\s+(.+)$/m.exec(md)?.[1]?.trim() ?? '';
