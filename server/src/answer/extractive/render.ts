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
export function renderWindow(units: LexedUnit[], w: Window, citation: string, notes: CutNotes): string[] {
  const blocks: { kind: Unit['kind']; lines: string[]; block: number; list: boolean; item?: number }[] = [];
  for (let i = w.start; i <= w.end; i++) {
    const u = units[i]!.unit;
    const prev = blocks[blocks.length - 1];
    if (u.kind !== 'sentence') {
      blocks.push({
        kind: u.kind,
        lines: [u.kind === 'code' ? codeMarkdown(u.text, notes) : tableMarkdown(u.text, notes)],
        block: u.block,
        list: false,
      });
      continue;
    }
    const text = u.term && (prev?.block !== u.block || i === w.start) ? `${termLabel(u.term)}: ${u.text}` : u.text;
    if (prev?.kind === 'sentence' && prev.block === u.block) {
      if (prev.item === u.item) prev.lines[prev.lines.length - 1] += ` ${text}`;
      else {
        prev.lines.push(text);
        prev.item = u.item;
      }
    } else blocks.push({ kind: 'sentence', lines: [text], block: u.block, list: u.item !== undefined, item: u.item });
  }
  const lastProse = blocks.map((b) => b.kind).lastIndexOf('sentence');
  if (lastProse >= 0) {
    const b = blocks[lastProse]!;
    b.lines[b.lines.length - 1] += ` ${citation}`;
  }
  const out = blocks.map((b) => (b.list ? b.lines.map((l) => `- ${l}`).join('\n') : b.lines.join('\n')));
  // A quote that is only code or a table (a section headed by the question's words) is cited on a line of its own.
  return lastProse >= 0 ? out : [...out, citation];
}
