import { Readability } from '@mozilla/readability';
import type { ChildNode, Document, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { flattenDeep, MAX_TREE_DEPTH } from './flattenDeep.js';
import { distinctLineKeys } from './lineKeys.js';
import { linkDensity } from './linkDensity.js';
import { collectReveals, mayReveal } from './revealable.js';
import { cutsSectionWhole, ownContentsLists } from './cutSections.js';
import { unwrapLoneHeadings } from './headingWrappers.js';
import { renderMarkdown, textContent } from './markdownWriter.js';
import { visibleChars } from './visibleChars.js';
import { normalizeUrl } from './urls.js';
import { renameOldPhrasing } from './oldPhrasing.js';
import type { ExtractedPage, ExtractOptions, PageAnchor } from './extractedPage.js';

// Where the main thread needs only these, it imports extractedPage.ts: this file loads the HTML parsers.
export type { ExtractedPage, ExtractOptions, PageAnchor } from './extractedPage.js';
export { extractText } from './extractedPage.js';

/**
 * One parse per page (htmlparser2, the fast tree linkedom itself builds on) gives the links (for
 * the frontier), their anchor texts (for ranking) and the main content (for the index). Main
 * content: the element the page declares (<main>, [role=main], a single <article>, schema.org's
 * articleBody/mainContentOfPage) — cheap and exact on documentation sites — unless it holds only a
 * sliver of the page's text; else Readability on a linkedom DOM (the expensive fallback, skipped on
 * giant pages) unless it cuts more than a trim or a section whole; else the body without its chrome
 * and its own table of contents. Text
 * repeated across the site (banners, navigation bars) is removed later, at the site level
 * (index/siteBoilerplate.ts), which is what makes the whole body a safe fallback.
 */

const MIN_CONTENT_CHARS = 200;
/** Longer link texts are sentences wrapped in a link, not labels. */
const MAX_ANCHOR_CHARS = 200;
/**
 * A declared region with less than this share of the page's visible text is not the content (a
 * <main> around a hero banner, an <article> teaser beside the real text): what it leaves out is
 * most of the page.
 */
const DECLARED_MIN_SHARE = 0.25;
/**
 * Readability may trim, not cut: it keeps one best container and its similar siblings, so on long
 * pages split into many sections it can keep one fragment, and it drops blocks whose class looks
 * like chrome (DocBook's "sidebar" notes are content). Chrome the site repeats on every page is
 * removed by the site-level pass anyway, so when Readability drops more than a fifth of the body's
 * visible text the body is the safer choice: retrieval can rank past some page-specific noise, it
 * cannot find text that was thrown away.
 */
const READABILITY_MIN_SHARE = 0.8;

export function extractPage(html: string, pageUrl: string, opts: ExtractOptions = {}): ExtractedPage {
  const doc = parseDocument(html);
  const depth = flattenDeep(doc);
  const found = scan(doc);
  const baseHref = found.base?.attribs.href;
  const base = (baseHref && normalizeUrl(baseHref, pageUrl)) || pageUrl;

  const robotsMeta = (found.robotsMeta ?? '').toLowerCase();
  const noindex = /\b(noindex|none)\b/.test(robotsMeta);
  const nofollow = /\b(nofollow|none)\b/.test(robotsMeta);

  const links = new Set<string>();
  const anchors: PageAnchor[] = [];
  if (!nofollow) {
    const pairs = new Set<string>();
    for (const a of found.anchors) {
      const url = normalizeUrl(a.attribs.href!, base);
      if (!url) continue;
      links.add(url);
      if (opts.linksOnly) continue;
      const text = clean(textContent(a)).slice(0, MAX_ANCHOR_CHARS);
      const key = `${url}\n${text}`;
      if (text === '' || pairs.has(key)) continue;
      pairs.add(key);
      anchors.push({ url, text });
    }
  }
  const canonical = found.canonical ? (normalizeUrl(found.canonical, base) ?? found.canonical) : undefined;
  const title = clean(found.title ? textContent(found.title) : '') || clean(found.h1 ? textContent(found.h1) : '');
  const result = { title, links: [...links], anchors, canonical, noindex, nofollow };
  if (opts.linksOnly) return { ...result, markdown: '', outsideKeys: [], method: 'declared' };

  const cap = opts.maxMarkdownChars ?? 400_000;
  const { markdown, method, outsideKeys } = mainContent(html, found, cap, {
    ...opts,
    deep: depth > MAX_TREE_DEPTH,
    pageUrl,
    base,
  });
  return {
    ...result,
    title: title || firstHeading(markdown),
    markdown: markdown.length > cap ? markdown.slice(0, cap) : markdown,
    scriptBuilt: found.scripts && !markdown.trim() ? true : undefined,
    outsideKeys,
    method,
  };
}

type MainContent = Pick<ExtractedPage, 'markdown' | 'method' | 'outsideKeys'>;

interface PageContext {
  deep: boolean;
  pageUrl: string;
  base: string;
}

function mainContent(html: string, found: Scan, cap: number, opts: ExtractOptions & PageContext): MainContent {
  // Pages may omit <body> (valid HTML5): then the document's children are the body.
  const body = found.body ?? found.root.children;
  const bodyChars = visibleChars(body);
  const declared = declaredMain(found);
  // Tab and accordion panels, hidden until opened, are read too (Readability's copy has none left).
  const reveals = found.reveal ? collectReveals(found.root) : undefined;
  if (declared && visibleChars(declared) >= DECLARED_MIN_SHARE * bodyChars) {
    let markdown = renderMarkdown(declared, { maxChars: cap, reveals });
    // Tables of contents and term indexes (mostly links) are navigation, not answers: keep a
    // searchable head instead of thousands of chunks of link lists.
    if (markdown.length > NAV_PAGE_KEEP_CHARS && linkDensity(declared) > 0.6) markdown = cutAtLine(markdown, NAV_PAGE_KEEP_CHARS);
    // The rest of the body is rendered only for its line keys: cheap, as nav and asides are skipped.
    if (markdown.length >= MIN_CONTENT_CHARS)
      return {
        markdown,
        method: 'declared',
        outsideKeys: distinctLineKeys(renderMarkdown(body, { pageChrome: true, skip: new Set([declared]), maxChars: cap, reveals })),
      };
  }
  // Readability parses the raw HTML again, which our flattening did not reach, and its cleaning is
  // quadratic in the depth (1,000 levels took seconds): a pathologically deep page gets the body.
  if (!opts.deep && html.length <= (opts.readabilityMaxChars ?? 1_000_000)) {
    const article = readabilityHtml(html);
    if (article) {
      const tree = parseDocument(article).children;
      if (visibleChars(tree) >= READABILITY_MIN_SHARE * bodyChars && !cutsSectionWhole(body, tree)) {
        const markdown = renderMarkdown(tree, { maxChars: cap });
        if (markdown.length >= MIN_CONTENT_CHARS)
          return {
            markdown,
            method: 'readability',
            outsideKeys: distinctLineKeys(renderMarkdown(body, { pageChrome: true, maxChars: cap })),
          };
      }
    }
  }
  const skip = ownContentsLists(body, opts.pageUrl, opts.base);
  return { markdown: renderMarkdown(body, { pageChrome: true, maxChars: cap, reveals, skip }), method: 'body', outsideKeys: [] };
}

/** The region the page marks as its main content, if it marks exactly one. */
function declaredMain(found: Scan): Element | undefined {
  return found.main ?? found.roleMain ?? found.itemMain ?? (found.articles.length === 1 ? found.articles[0] : undefined);
}

const NAV_PAGE_KEEP_CHARS = 20_000;

const cutAtLine = (s: string, n: number) => {
  const cut = s.lastIndexOf('\n', n);
  return s.slice(0, cut > n / 2 ? cut : n).trimEnd();
};

/** Readability needs a full DOM; it runs only when the page does not declare its main content. */
function readabilityHtml(html: string): string | undefined {
  try {
    const { document } = parseHTML(html) as unknown as { document: globalThis.Document };
    renameOldPhrasing(document);
    unwrapLoneHeadings(document);
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
  /** schema.org microdata: itemprop="articleBody" or "mainContentOfPage". */
  itemMain?: Element;
  articles: Element[];
  base?: Element;
  title?: Element;
  h1?: Element;
  canonical?: string;
  robotsMeta?: string;
  anchors: Element[];
  /** Some element is a tab panel or hidden (revealable.ts reads the page's controls then). */
  reveal?: boolean;
  /** The page runs scripts (not only JSON data blocks). */
  scripts?: boolean;
}

/** One walk over the tree collects everything the crawler needs from a page. */
function scan(root: Document): Scan {
  const s: Scan = { root, articles: [], anchors: [] };
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const el = node as Element;
    const a = el.attribs;
    switch (el.name) {
      case 'a':
      case 'area':
        if (a.href !== undefined && s.anchors.length < 20_000) s.anchors.push(el);
        break;
      case 'body':
        s.body ??= el;
        break;
      case 'main':
        if (a.hidden === undefined) s.main ??= el;
        break; // only one <main> may be visible
      case 'article':
        s.articles.push(el);
        break;
      case 'base':
        if (a.href !== undefined) s.base ??= el;
        break;
      case 'title':
        s.title ??= el;
        break;
      case 'h1':
        s.h1 ??= el;
        break;
      case 'link':
        if (a.href !== undefined && /(?:^|\s)canonical(?:\s|$)/i.test(a.rel ?? '')) s.canonical ??= a.href;
        break;
      case 'meta':
        if ((a.name ?? '').toLowerCase() === 'robots') s.robotsMeta = `${s.robotsMeta ?? ''} ${a.content ?? ''}`;
        break;
      case 'script':
        if (!a.type || /javascript|module/i.test(a.type)) s.scripts = true;
        continue;
      case 'style':
      case 'template':
        continue; // nothing of interest inside
    }
    if (a.role === 'main' && a.hidden === undefined) s.roleMain ??= el;
    if (!s.reveal && mayReveal(a)) s.reveal = true;
    if (a.itemprop !== undefined && /(?:^|\s)(?:articleBody|mainContentOfPage)(?:\s|$)/.test(a.itemprop)) s.itemMain ??= el;
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
  return s;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const firstHeading = (md: string) => /^#{1,6}\s+(.+)$/m.exec(md)?.[1]?.trim() ?? '';
