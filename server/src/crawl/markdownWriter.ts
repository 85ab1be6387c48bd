import type { ChildNode, Element } from 'domhandler';
import { layoutCells, numberedCode } from './tableKinds.js';
import { isSkipped, type Reveals } from './skipRules.js';
import { dropInvisible } from '../text/invisible.js';
import { fencedCode } from '../text/markdown.js';

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
class Writer {
  private out: string[] = [];
  private pendingBreaks = 0;
  private started = false;
  private needSpace = false;
  private readonly prefixes: string[] = [];
  private marker: string | undefined;
  /** Inside a table cell: blocks and line breaks become spaces. */
  cellDepth = 0;

  /** Request n newlines (1 = new line, 2 = new paragraph) before the next content. */
  brk(n: 1 | 2): void {
    if (this.cellDepth > 0) {
      this.space();
      return;
    }
    if (this.started) this.pendingBreaks = Math.max(this.pendingBreaks, n);
    this.needSpace = false;
  }

  space(): void {
    this.needSpace = true;
  }

  pushPrefix(p: string, marker?: string): void {
    this.prefixes.push(p);
    if (marker !== undefined) this.marker = marker;
  }

  popPrefix(): void {
    this.prefixes.pop();
  }

  /** Collapsed inline text. */
  text(raw: string): void {
    const s = raw.replace(/[\s\u00a0]+/g, ' ');
    if (s === ' ') {
      this.needSpace = true;
      return;
    }
    if (s === '') return;
    const lead = s.startsWith(' ');
    const body = s.trim();
    this.emit(body, lead || this.needSpace);
    this.needSpace = s.endsWith(' ');
  }

  /** Inline text written as is (already formatted, e.g. `code`). */
  word(s: string): void {
    if (s === '') return;
    this.emit(s, this.needSpace);
    this.needSpace = false;
  }

  /** Verbatim lines (code blocks), each under the current prefix. */
  lines(s: string): void {
    const lines = s.split('\n');
    this.emit(lines[0]!, false);
    const pre = this.prefixes.join('');
    for (const line of lines.slice(1)) this.out.push('\n', line === '' ? pre.trimEnd() : pre + line);
  }

  private emit(s: string, spaced: boolean): void {
    if (this.pendingBreaks > 0 || !this.started || this.marker !== undefined) {
      if (this.started && this.pendingBreaks > 0) {
        const pre = this.prefixes.join('');
        const blank = pre.trimEnd();
        this.out.push(this.pendingBreaks === 2 ? `\n${blank}\n` : '\n');
        this.out.push(this.marker !== undefined ? this.prefixes.slice(0, -1).join('') + this.marker : pre);
      } else if (!this.started) {
        this.out.push(this.marker !== undefined ? this.prefixes.slice(0, -1).join('') + this.marker : this.prefixes.join(''));
      } else if (this.marker !== undefined) {
        this.out.push('\n', this.prefixes.slice(0, -1).join('') + this.marker);
      }
      this.marker = undefined;
      this.pendingBreaks = 0;
      this.started = true;
    } else if (spaced) {
      this.out.push(' ');
    }
    this.out.push(s);
  }

  toString(): string {
    return this.out
      .join('')
      .split('\n')
      .map(withoutTrailingBlanks)
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
}

export interface RenderOptions {
  /** Drop header/footer too (used when the whole body is rendered). */
  pageChrome?: boolean;
  /** Stop once the output is about this long (giant pages). */
  maxChars?: number;
  /** A node left out (the region already extracted, when rendering the rest of the page). */
  exclude?: ChildNode;
  /** The page's tab and accordion panels: read even when hidden, under their control's name. */
  reveals?: Reveals;
}

/** Render an element's content as Markdown. */
export function renderMarkdown(root: ChildNode | ChildNode[], opts: RenderOptions = {}): string {
  const w = new Writer();
  const budget: Budget = { left: opts.maxChars ?? Infinity, exclude: opts.exclude, reveals: opts.reveals };
  const nodes = Array.isArray(root) ? root : [root];
  for (const n of nodes) renderNode(n, w, opts.pageChrome ?? false, budget);
  return w.toString();
}

type Budget = { left: number; exclude?: ChildNode; reveals?: Reveals };

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
  if (isSkipped(el, chrome, budget.reveals) || el === budget.exclude) return;
  const label = budget.reveals?.label(el);
  if (label) {
    w.brk(2);
    w.word(`**${label.replace(/\*\*/g, '')}**`);
    w.brk(2);
  }
  const name = el.name;
  switch (name) {
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const text = inlineText(el);
      if (!text) return;
      w.brk(2);
      // Tag soup can swallow a whole page into a heading; that much text is a paragraph.
      w.word(text.length > 300 ? text : `${'#'.repeat(Number(name[1]))} ${text}`);
      w.brk(2);
      return;
    }
    case 'br':
      w.brk(1);
      return;
    case 'hr':
      w.brk(2);
      w.word('---');
      w.brk(2);
      return;
    case 'pre': {
      const code = textContent(el).replace(/^\n+/, '').trimEnd();
      if (!code) return;
      budget.left -= code.length;
      w.brk(2);
      w.lines(fencedCode(code));
      w.brk(2);
      return;
    }
    case 'code':
    case 'kbd':
    case 'samp':
    case 'tt': {
      const text = textContent(el).replace(/\s+/g, ' ').trim();
      if (text) w.word(text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);
      return;
    }
    case 'ul':
    case 'ol':
    case 'menu': {
      w.brk(1);
      let n = Number(el.attribs.start) || 1;
      for (const li of el.children) {
        if (li.type !== 'tag' || isSkipped(li as Element, chrome, budget.reveals)) continue;
        if ((li as Element).name !== 'li') {
          renderNode(li, w, chrome, budget);
          continue;
        }
        const marker = name === 'ol' ? `${n++}. ` : '- ';
        w.brk(1);
        w.pushPrefix(' '.repeat(marker.length), marker);
        renderChildren(li as Element, w, chrome, budget);
        w.popPrefix();
        w.brk(1);
      }
      w.brk(2);
      return;
    }
    case 'dt': {
      const text = inlineText(el).replace(/\*\*/g, '');
      if (!text) return;
      w.brk(2);
      w.word(`**${text}**`);
      w.brk(2);
      return;
    }
    case 'blockquote': {
      w.brk(2);
      w.pushPrefix('> ');
      renderChildren(el, w, chrome, budget);
      w.popPrefix();
      w.brk(2);
      return;
    }
    case 'tr': {
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
      return;
    }
    case 'table': {
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
      return;
    }
    case 'svg':
      writeDiagramWords(el, w, budget);
      return;
    // Row groups are one table: a blank line between the header and the body would end the table
    // after its header (GFM), and the body's rows would read as text with pipes.
    case 'thead':
    case 'tbody':
    case 'tfoot':
      w.brk(1);
      renderChildren(el, w, chrome, budget);
      w.brk(1);
      return;
    default:
      if (BLOCK_TAGS.has(name) || name === 'li') {
        w.brk(2);
        renderChildren(el, w, chrome, budget);
        w.brk(2);
      } else {
        renderChildren(el, w, chrome, budget);
      }
  }
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

/** A line without its trailing spaces and tabs (a `[ \t]+$` pattern is quadratic on a long run of them). */
function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return line.slice(0, end);
}
