import type { ChildNode, Element } from 'domhandler';
import { linkDensity } from './linkDensity.js';
import { isSkipped } from './skipRules.js';

/**
 * Readability keeps one best container and the siblings that score like it. On a long page of
 * many sections (a book chapter) it can drop a short section whole from the middle — the
 * Debian Reference's three-line "Limiting download bandwidth for APT" with its one setting — and
 * the index never sees it. Trimming the page's ends (a manual page's title and SEE ALSO) or a
 * heading whose text it keeps is its job; a section cut from between two it kept is not.
 */
export function cutsSectionWhole(body: ChildNode | ChildNode[], article: ChildNode[]): boolean {
  const page = outline(body, true);
  if (page.headings.length < 3) return false;
  const read = outline(article, false);
  const kept = new Set(read.headings.map((h) => h.text));
  const articleText = squeeze(read.text);
  const isKept = page.headings.map((h) => kept.has(h.text));
  const first = isKept.indexOf(true);
  const last = isKept.lastIndexOf(true);
  // A page of thousands of headings that Readability dropped while keeping their text: each probe
  // reads the article's text, so past this many the page is left to Readability.
  let probes = 0;
  for (let i = first + 1; i < last && probes < MAX_PROBES; i++) {
    if (isKept[i]) continue;
    probes++;
    const h = page.headings[i]!;
    const next = page.headings[i + 1];
    const opening = squeeze(page.text.slice(h.end, next ? next.start : undefined)).slice(0, SECTION_PROBE_CHARS);
    if (opening.length > 0 && !articleText.includes(opening)) return true;
  }
  return false;
}

/** How much of a section's opening text must be missing for the section to count as cut. */
const SECTION_PROBE_CHARS = 60;
const MAX_PROBES = 500;

interface Outline {
  text: string;
  headings: { text: string; start: number; end: number }[];
}

/** The text under some nodes (as the Markdown writer would read it) and where each heading sits in it. */
function outline(nodes: ChildNode | ChildNode[], chrome: boolean): Outline {
  let text = '';
  const headings: Outline['headings'] = [];
  const walk = (node: ChildNode) => {
    if (node.type === 'text') {
      text += (node as unknown as { data: string }).data;
      return;
    }
    if (node.type !== 'tag') return;
    const el = node as Element;
    if (isSkipped(el, chrome)) return;
    const start = text.length;
    for (const c of el.children) walk(c);
    if (/^h[1-6]$/.test(el.name)) headings.push({ text: squeeze(text.slice(start)), start, end: text.length });
    text += ' ';
  };
  for (const n of Array.isArray(nodes) ? nodes : [nodes]) walk(n);
  return { text, headings: headings.filter((h) => h.text !== '') };
}

/** Whitespace differs between the page and Readability's rewrite of it; the words do not. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

/**
 * A page's own table of contents: a list of at least three links, nearly all into this page's
 * own sections, and mostly link text. In the body fallback it is navigation that would be quoted
 * as an answer ("2.7.9 …, 2.7.10 …"). A list of other pages' sections (a book's index page) is the
 * page's content and stays; so does a glossary whose definitions link to each other (little of
 * its text is links).
 */
export function ownContentsLists(body: ChildNode | ChildNode[], pageUrl: string, base: string): Set<Element> {
  const found = new Set<Element>();
  const here = withoutHash(pageUrl);
  const walk = (node: ChildNode) => {
    if (node.type !== 'tag') return;
    const el = node as Element;
    if (LISTS.has(el.name) && isOwnContents(el, here, base)) {
      found.add(el);
      return;
    }
    for (const c of el.children) walk(c);
  };
  for (const n of Array.isArray(body) ? body : [body]) walk(n);
  return found;
}

const LISTS = new Set(['ul', 'ol', 'dl']);
const MIN_LINKS = 3;
const OWN_LINK_SHARE = 0.8;
const LINK_TEXT_SHARE = 0.7;

function isOwnContents(list: Element, here: string | undefined, base: string): boolean {
  let links = 0;
  let own = 0;
  const walk = (n: ChildNode) => {
    if (n.type !== 'tag') return;
    const el = n as Element;
    if (el.name === 'a' && el.attribs.href !== undefined) {
      links++;
      if (here !== undefined && isOwnFragment(el.attribs.href, here, base)) own++;
    }
    for (const c of el.children) walk(c);
  };
  walk(list);
  return links >= MIN_LINKS && own >= OWN_LINK_SHARE * links && linkDensity(list) >= LINK_TEXT_SHARE;
}

function isOwnFragment(href: string, here: string, base: string): boolean {
  try {
    const u = new URL(href, base);
    return u.hash.length > 1 && withoutHash(u.href) === here;
  } catch {
    return false;
  }
}

function withoutHash(url: string): string | undefined {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}
