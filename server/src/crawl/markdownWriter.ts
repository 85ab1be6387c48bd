import type { ChildNode, Element } from 'domhandler';
import { layoutCells, numberedCode } from './tableKinds.js';
import { isSkipped, type Reveals } from './skipRules.js';
import { dropInvisible } from '../text/invisible.js';
import { fencedCode } from '../text/markdown.js';
import { Writer } from './markdownOutput.js';

/**
 * HTML (an htmlparser2/domhandler tree) → Markdown for the index, in one linear walk.
 * Headings keep their level (the chunker's structure), code blocks stay verbatim and fenced,
 * lists and tables keep their shape; links become their text (URLs are noise for search and
 * snippets); an inline SVG diagram gives its words; images, scripts and page chrome are dropped.
 *
 * Why not turndown: on the Python docs it cost 0.4–0.8 s for a 400 KB page on top of a DOM
 * parse; this walk does the same job in a few milliseconds, which the crawl throughput needs.
 */

const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'figure',
  'figcaption',
  'address',
  'details',
  'summary',
  'center',
  'body',
  'html',
  'caption',
  'fieldset',
  'form',
  'hgroup',
  'dd',
  'dl',
]);
export interface RenderOptions {
  /** Drop header/footer too (used when the whole body is rendered). */
  pageChrome?: boolean;
  /** Stop once the output is about this long (giant pages). */
  maxChars?: number;
  /** Nodes left out: the region already extracted, when rendering the rest of the page; the page's own table of contents in the body. */
  skip?: ReadonlySet<ChildNode>;
  /** The page's tab and accordion panels: read even when hidden, under their control's name. */
  reveals?: Reveals;
}

/** Render an element's content as Markdown. */
export function renderMarkdown(root: ChildNode | ChildNode[], opts: RenderOptions = {}): string {
  const w = new Writer();
  const budget: Budget = { left: opts.maxChars ?? Infinity, skip: opts.skip, reveals: opts.reveals };
  const nodes = Array.isArray(root) ? root : [root];
  for (const n of nodes) renderNode(n, w, opts.pageChrome ?? false, budget);
  return w.toString();
}

type Budget = { left: number; skip?: ReadonlySet<ChildNode>; reveals?: Reveals };

function renderChildren(el: { children: ChildNode[] }, w: Writer, chrome: boolean, budget: Budget): void {
  for (const c of el.children) {
    if (budget.left <= 0) return;
    renderNode(c, w, chrome, budget);
  }
}

function renderNode(node: ChildNode, w: Writer, chrome: boolean, budget: Budget): void {
  if (node.type === 'text') {
    const data = textOf(node);
    budget.left -= data.length;
    w.text(data);
    return;
  }
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') {
    return; // comments, directives, CDATA
  }
  const el = node as Element;
  if (isSkipped(el, chrome, budget.reveals) || budget.skip?.has(el)) return;
  const label = budget.reveals?.label(el);
  if (label) {
    w.brk(2);
    w.word(`**${label.replace(/\*\*/g, '')}**`);
    w.brk(2);
  }
  const write = ELEMENT_WRITERS.get(el.name);
  if (write) return write(el, w, chrome, budget);
  const block = BLOCK_TAGS.has(el.name) || el.name === 'li';
  if (block) w.brk(2);
  renderChildren(el, w, chrome, budget);
  if (block) w.brk(2);
}

/** How an element with a shape of its own is written (any other element: its children, as a block or inline). */
type ElementWriter = (el: Element, w: Writer, chrome: boolean, budget: Budget) => void;

const heading: ElementWriter = (el, w) => {
  const text = inlineText(el);
  if (!text) return;
  w.brk(2);
  // Tag soup can swallow a whole page into a heading; that much text is a paragraph.
  w.word(text.length > 300 ? text : `${'#'.repeat(Number(el.name[1]))} ${text}`);
  w.brk(2);
};

const inlineCode: ElementWriter = (el, w) => {
  const text = textContent(el).replace(/\s+/g, ' ').trim();
  if (text) w.word(text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);
};

/** Row groups are one table: a blank line between the header and the body would end the table after its header (GFM), and the body's rows would read as text with pipes. */
const rowGroup: ElementWriter = (el, w, chrome, budget) => {
  w.brk(1);
  renderChildren(el, w, chrome, budget);
  w.brk(1);
};

const ELEMENT_WRITERS = new Map<string, ElementWriter>(
  Object.entries({
    h1: heading,
    h2: heading,
    h3: heading,
    h4: heading,
    h5: heading,
    h6: heading,
    br: (_el, w) => w.brk(1),
    hr: (_el, w) => {
      w.brk(2);
      w.word('---');
      w.brk(2);
    },
    pre: writePre,
    code: inlineCode,
    kbd: inlineCode,
    samp: inlineCode,
    tt: inlineCode,
    ul: writeList,
    ol: writeList,
    menu: writeList,
    dt: (el, w) => writeBold(inlineText(el), w),
    blockquote: (el, w, chrome, budget) => {
      w.brk(2);
      w.pushPrefix('> ');
      renderChildren(el, w, chrome, budget);
      w.popPrefix();
      w.brk(2);
    },
    tr: writeRow,
    table: writeTable,
    svg: (el, w, _chrome, budget) => writeDiagramWords(el, w, budget),
    thead: rowGroup,
    tbody: rowGroup,
    tfoot: rowGroup,
  } satisfies Record<string, ElementWriter>),
);

/** A definition term: a paragraph of bold text; nothing when empty. */
function writeBold(text: string, w: Writer): void {
  const bare = text.replace(/\*\*/g, '');
  if (!bare) return;
  w.brk(2);
  w.word(`**${bare}**`);
  w.brk(2);
}

function writePre(el: Element, w: Writer, _chrome: boolean, budget: Budget): void {
  const code = textContent(el).replace(/^\n+/, '').trimEnd();
  if (!code) return;
  budget.left -= code.length;
  w.brk(2);
  w.lines(fencedCode(code));
  w.brk(2);
}

function writeList(el: Element, w: Writer, chrome: boolean, budget: Budget): void {
  w.brk(1);
  let n = Number(el.attribs.start) || 1;
  for (const li of el.children) {
    if (li.type !== 'tag' || isSkipped(li as Element, chrome, budget.reveals)) continue;
    if ((li as Element).name !== 'li') {
      renderNode(li, w, chrome, budget);
      continue;
    }
    const marker = el.name === 'ol' ? `${n++}. ` : '- ';
    w.brk(1);
    w.pushPrefix(' '.repeat(marker.length), marker);
    renderChildren(li as Element, w, chrome, budget);
    w.popPrefix();
    w.brk(1);
  }
  w.brk(2);
}

function writeRow(el: Element, w: Writer, chrome: boolean, budget: Budget): void {
  w.brk(1);
  w.word('|');
  const cells = el.children.filter((c): c is Element => c.type === 'tag' && (c as Element).name.match(/^t[hd]$/) !== null);
  for (const cell of cells) {
    w.cellDepth++;
    w.space();
    renderChildren(cell, w, chrome, budget);
    w.space();
    w.cellDepth--;
    w.word('|');
  }
  if (cells.length > 0 && cells.every((c) => c.name === 'th')) {
    w.brk(1);
    w.word(`|${' --- |'.repeat(cells.length)}`);
  }
  w.brk(1);
}

function writeTable(el: Element, w: Writer, chrome: boolean, budget: Budget): void {
  const code = numberedCode(el, textContent);
  const layout = code ? undefined : layoutCells(el);
  w.brk(2);
  if (code) for (const pre of code) renderNode(pre, w, chrome, budget);
  else if (layout)
    for (const cell of layout) {
      renderChildren(cell, w, chrome, budget);
      w.brk(2);
    }
  else renderChildren(el, w, chrome, budget);
  w.brk(2);
}

/**
 * The words an inline SVG draws (its <text> elements, in document order), as one paragraph: a
 * syntax diagram, a flowchart or a labelled chart says them to the reader as much as a paragraph
 * does (SQLite's 52 syntax pages are one diagram each). Each label is a word group of its own,
 * since minified SVG puts no space between elements. An icon draws no text and writes nothing;
 * a decorative one is aria-hidden and never reaches here.
 */
function writeDiagramWords(svg: Element, w: Writer, budget: Budget): void {
  const labels: string[] = [];
  const walk = (n: ChildNode) => {
    if (n.type !== 'tag') return;
    const el = n as Element;
    if (el.name === 'text') {
      // A <tspan> placed on a line of its own (x, y or dy) is a word of its own.
      const label = inlineText(el, (t) => t.attribs.x !== undefined || t.attribs.y !== undefined || t.attribs.dy !== undefined);
      if (label) labels.push(label);
    } else if (!isSkipped(el, false)) for (const c of el.children) walk(c);
  };
  for (const c of svg.children) walk(c);
  const text = labels.join(' ');
  if (!text) return;
  budget.left -= text.length;
  w.brk(2);
  w.text(text);
  w.brk(2);
}

/** A text node's characters, without the invisible ones that would split its words in the index. */
const textOf = (n: ChildNode): string => dropInvisible((n as unknown as { data: string }).data);

/** All text below a node, unrendered (code blocks keep their line breaks). */
export function textContent(node: ChildNode): string {
  if (node.type === 'text') return textOf(node);
  const children = (node as Element).children;
  if (!children) return '';
  if ((node as Element).name === 'br') return '\n';
  let s = '';
  for (const c of children) s += textContent(c);
  return s;
}

/** Visible text of an inline context (a heading, a term), whitespace collapsed; `apart` elements are words of their own. */
function inlineText(el: Element, apart = (e: Element) => BLOCK_TAGS.has(e.name) || e.name === 'br'): string {
  let s = '';
  const walk = (n: ChildNode) => {
    if (n.type === 'text') s += textOf(n);
    else if (n.type === 'tag' && !isSkipped(n as Element, false)) {
      const block = apart(n as Element);
      if (block) s += ' ';
      for (const c of (n as Element).children) walk(c);
      if (block) s += ' ';
    }
  };
  walk(el);
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}
