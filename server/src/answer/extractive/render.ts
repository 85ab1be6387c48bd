/** Markdown for the passages an extractive answer quotes. */
import { codeMarkdown, tableMarkdown, type CutNotes } from './blocks.js';
import { termLabel, type Unit } from './sentences.js';
import type { LexedUnit, Window } from './window.js';

/** The heading path as a context line ("Installing › Upgrading"), after the page name unless it says it. */
export function headingLabel(heading: string, title: string): string {
  const path = heading.split(' > ').filter(Boolean).slice(-2);
  // The page's own name first ("git-add(1) › OPTIONS"), unless its first heading already says it.
  const name = title.split(/\s+[—–|·-]\s+/)[0]!.trim();
  if (name && !(path[0] ?? '').toLowerCase().includes(name.toLowerCase())) path.unshift(name);
  return path
    .join(' › ')
    .replace(/([\\`*_[\]<>#])/g, '\\$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A window as Markdown blocks: a paragraph's sentences together, list items as a list, a described
 * term before its description, code and tables whole (a long one cut, with a note in the reply's
 * language); the citation after the last sentence.
 */
export function renderWindow(
  units: LexedUnit[],
  w: Window,
  citation: string,
  notes: CutNotes,
  /** Numbered items keep their numbers (a quote under an "Also:" bullet shows them as bullets). */
  numbered = true,
): string[] {
  const blocks: { kind: Unit['kind']; lines: string[]; block: number; item?: number }[] = [];
  const nest = new Nesting(numbered);
  for (let i = w.start; i <= w.end; i++) {
    const u = units[i]!.unit;
    const prev = blocks[blocks.length - 1];
    if (u.kind !== 'sentence') {
      // Code and tables are shown at the margin, which ends the list: an item after one starts anew.
      nest.end();
      blocks.push({
        kind: u.kind,
        lines: [u.kind === 'code' ? codeMarkdown(u.text, notes) : tableMarkdown(u.text, notes)],
        block: u.block,
      });
      continue;
    }
    const text = u.term && (prev?.block !== u.block || i === w.start) ? `${termLabel(u.term)}: ${u.text}` : u.text;
    if (prev?.kind === 'sentence' && prev.block === u.block && prev.item === u.item) {
      prev.lines[prev.lines.length - 1] += ` ${text}`;
      continue;
    }
    const line = u.item === undefined ? text : `${nest.prefix(u)}${text}`;
    if (u.item === undefined) nest.end();
    if (prev?.kind === 'sentence' && prev.block === u.block) {
      prev.lines.push(line);
      prev.item = u.item;
    } else blocks.push({ kind: 'sentence', lines: [line], block: u.block, item: u.item });
  }
  const lastProse = blocks.map((b) => b.kind).lastIndexOf('sentence');
  if (lastProse >= 0) {
    const b = blocks[lastProse]!;
    b.lines[b.lines.length - 1] += ` ${citation}`;
  }
  const out = blocks.map((b) => b.lines.join('\n'));
  // A quote that is only code or a table (a section headed by the question's words) is cited on a line of its own.
  return lastProse >= 0 ? out : [...out, citation];
}

/**
 * A list item's marker, indented as deep as it is nested below the first item quoted (4 spaces a
 * level: deeper than any marker is wide, so that Markdown nests it under "1." as under "-"). An
 * item is never more than one level below the item before it, so the first item of a quote never
 * reads as indented code. Numbered items keep their number, unless told not to.
 */
class Nesting {
  private base: number | undefined;
  private last = -1;

  constructor(private readonly numbered: boolean) {}

  prefix(u: Unit): string {
    const depth = u.depth ?? 0;
    this.base ??= depth;
    const level = Math.max(0, Math.min(depth - this.base, this.last + 1));
    this.last = level;
    const marker = this.numbered && u.marker && /^\d/.test(u.marker) ? `${u.marker.slice(0, -1)}. ` : '- ';
    return `${' '.repeat(4 * level)}${marker}`;
  }

  /** A paragraph between items ends the list. */
  end(): void {
    this.base = undefined;
    this.last = -1;
  }
}
