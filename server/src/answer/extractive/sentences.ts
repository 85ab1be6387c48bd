/** Splitting a chunk's Markdown into the units an extractive answer is made of. */
import { backtickFence, isTableBlock, repairFences, splitBlocks, tablePlain } from './blocks.js';
import { atxHeading, LIST_ITEM_LINE } from '../../text/markdown.js';
import { ListNesting, splitListItems } from './listMarkup.js';
import { LONE_BOLD, questionLine } from '../../text/questionLine.js';
import { HeadingTrail } from './headingTrail.js';
import { MD_IMAGE, MD_LINK, MD_LINK_WITH_TARGET } from '../../text/markdownLinks.js';
import { EXTRACTIVE_PARAMS } from './params.js';

export { backtickFence, repairFences, splitBlocks } from './blocks.js';

export interface Unit {
  kind: 'sentence' | 'code' | 'table';
  /** Display Markdown (relative links made absolute against the page); a table's rows as written. */
  text: string;
  /** Plain words for matching (no link targets, no Markdown punctuation). */
  plain: string;
  /** Index of the block this unit came from, to find the code that follows a sentence. */
  block: number;
  /** Index of the list item within its block, for a list block (its sentences are shown as one item). */
  item?: number;
  /** A list item's nesting (0: the outermost list the chunk shows) and marker as written ("-", "3."). */
  depth?: number;
  marker?: string;
  /** Heading path of the section the unit is in ("Install > Upgrading"): where the chunk starts, then its own headings. */
  heading: string;
  /**
   * The unit is the cut-off start of the chunk: a long section is split into overlapping chunks,
   * and the next one starts mid-sentence or mid-code ("to terminate...", "remember, even though…").
   * The whole of it is in the previous chunk; on its own it is not fit to quote.
   */
  partial?: boolean;
  /**
   * The unit goes on with a sentence that a code block or table interrupted: it starts in lower case
   * right after one ("$ gitk --all" then "will show you graphically both of your branches"). Quoted
   * from its start, it would start mid-sentence; quoted after the block, it reads as written.
   */
  resumes?: boolean;
  /**
   * The term this unit defines or describes: reference pages put an API entry's signature or a
   * glossary word in a term of its own (`<dt>`, written as a lone bold line) and describe it below
   * ("Return a randomly chosen element…"). Quoted without it, the description says nothing of what it
   * is about. Plain text, as the page shows it.
   */
  term?: string;
}

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|cf|approx|no|fig|Mr|Mrs|Dr)\.$/i;

/** Where a signature's parameters start: its first ( or [ (a term is one line), else its end. */
function signatureStart(term: string): number {
  const at = term.search(/[([]/);
  return at >= 0 && !term.includes('\n', at) ? at : term.length;
}

/**
 * A code block's text without its closing fence line (and the spaces after it), if it has one. By
 * hand: the pattern `\n?(`{3,}|~{3,})\s*$` backtracked over long runs of backticks.
 */
function withoutClosingFence(code: string): string {
  const trimmed = code.trimEnd();
  const fence = /(?:(?<!`)`{3,}|(?<!~)~{3,})$/.exec(trimmed);
  if (!fence) return code;
  return trimmed.slice(0, fence.index > 0 && trimmed[fence.index - 1] === '\n' ? fence.index - 1 : fence.index);
}

/** The words before a signature's parameters: `class typing.DefaultDict(…)` → class, typing.DefaultDict. */
const headWords = (term: string): string[] => term.slice(0, signatureStart(term)).trim().split(/\s+/).filter(Boolean);

/**
 * Whether a lone bold line is a term (a name, a signature, a glossary word, "Note:") rather than a
 * sentence set in bold, which stays a sentence of its own.
 */
export function isTerm(text: string): boolean {
  return !text.includes('**') && !/[.!?]$/.test(text) && headWords(text).length <= 6;
}

/**
 * A unit that is a title set in bold and nothing else: a table of contents lists a book's sections
 * so ("**2.7.9. Diminuer la bande passante utilisée par APT**"). It names where something is said
 * without saying it. A numbered one is a title whatever it ends with ("**2.7.11. Qui a envoyé le
 * paquet ?**"); an unnumbered one only when it does not end a sentence: "**Never run this as
 * root.**" is a warning set in bold, and says something.
 */
export function isTitleLine(unit: Unit): boolean {
  const bold = /^\*\*([^*]+)\*\*$/.exec(unit.text.trim())?.[1]?.trim();
  if (unit.kind !== 'sentence' || !bold) return false;
  return /^\d+(?:\.\d+)*\.?\s/.test(bold) || !/[.!]$/.test(bold);
}

/** Sentence, code and table units of one chunk, in reading order. */
export function toUnits(markdown: string, pageUrl: string, headingPath = ''): Unit[] {
  const units: Unit[] = [];
  const repaired = repairFences(markdown);
  // A section's first chunk starts with its heading (or a capital, or markup); a continuation chunk
  // starts wherever the overlap cut it: inside code, or in the middle of a sentence (a lower-case
  // letter of any alphabet, a stop, a closing bracket, or a closing quote mark: "» et « …", "“ and").
  const continues = repaired !== markdown || /^\s*(?:[\p{Ll},;:.)\]]|[»”“’]\s)/u.test(markdown);
  const headings = new HeadingTrail(headingPath ? headingPath.split(' > ').map(toPlain) : []);
  // The term the block right after it describes (see Unit.term). Only that block: where a
  // description list ends is not marked in Markdown, and a wrong label is worse than none.
  let term: { text: string; block: number } | undefined;
  const blocks = splitBlocks(repaired);
  const nesting = new ListNesting();
  blocks.forEach((block, i) => {
    const trimmed = block.trim();
    // A paragraph or heading at the margin ends a list; code and tables between its items do not.
    const atMargin = !/^[ \t]/.test(block.replace(/^(?:[ \t]*\n)+/, ''));
    if (atMargin && !LIST_ITEM_LINE.test(trimmed) && !/^(`{3,}|~{3,}|\|)/.test(trimmed)) nesting.reset();
    const heading = headings.path;
    const describes = term?.block === i - 1 ? { term: term.text } : {};
    const termMatch = LONE_BOLD.exec(trimmed);
    if (termMatch && isTerm(termMatch[1]!.trim())) {
      term = { text: termMatch[1]!.replace(MD_LINK, '$1').trim(), block: i };
      return;
    }
    const question = termMatch && questionLine(blocks, i);
    if (question) {
      headings.enterQuestion(toPlain(question));
      return;
    }
    if (termMatch) {
      // A bold line that is neither (a sentence set in bold, a table of contents' "**2.5. Why
      // Debian Bullseye?**"): one sentence, so a cut at its inner full stop leaves no stray "**".
      const text = absolutizeLinks(trimmed, pageUrl);
      const plain = toPlain(text);
      if (plain.length >= 20) units.push({ kind: 'sentence', text, plain, block: i, heading, ...describes });
      return;
    }
    if (/^(`{3,}|~{3,})/.test(trimmed)) {
      const opened = trimmed.replace(/^(`{3,}|~{3,})[^\n]*\n?/, '');
      const body = withoutClosingFence(opened);
      if (body.trim()) units.push({ kind: 'code', text: body, plain: body, block: i, heading, ...describes });
      return;
    }
    const headingLine = atxHeading(trimmed);
    if (headingLine) {
      headings.enter(headingLine.level, toPlain(headingLine.text));
      return;
    }
    if (isTableBlock(trimmed)) {
      const text = absolutizeLinks(trimmed, pageUrl);
      units.push({ kind: 'table', text, plain: toPlain(tablePlain(text)), block: i, heading, ...describes });
      return;
    }
    if (/^(\* \* \*|-{3,}|_{3,})$/.test(trimmed)) return;
    const items = splitListItems(block.replace(/^(?:[ \t]*\n)+/, '').trimEnd());
    items.forEach(({ text: itemText, indent, marker }, item) => {
      const depth = indent === undefined ? undefined : nesting.depth(indent);
      for (const sentence of splitSentences(itemText)) {
        const text = absolutizeLinks(sentence, pageUrl).trim();
        const plain = toPlain(text);
        const inList = items.length > 1 || LIST_ITEM_LINE.test(trimmed) ? { item, ...(marker && { depth, marker }) } : {};
        if (plain.length < 20) continue;
        // After a code block or table, a paragraph in lower case goes on with the sentence before it.
        const resumes =
          units.length > 0 &&
          units.at(-1)!.block === i - 1 &&
          units.at(-1)!.kind !== 'sentence' &&
          !('item' in inList) &&
          /^\p{Ll}/u.test(plain);
        units.push({ kind: 'sentence', text, plain, block: i, heading, ...inList, ...describes, ...(resumes ? { resumes } : {}) });
      }
    });
  });
  const first = units[0];
  if (continues && first?.block === 0) {
    first.partial = true;
    if (first.kind === 'code') {
      // The first line is cut at an arbitrary point: show the code from the next whole line.
      const whole = first.text.slice(first.text.indexOf('\n') + 1);
      if (first.text.includes('\n') && whole.trim()) Object.assign(first, { text: whole, plain: whole });
    } else if (first.kind === 'table') {
      // The first row may be cut; the rest are whole.
      const rows = first.text.split('\n').slice(1);
      if (rows.length) Object.assign(first, { text: rows.join('\n'), plain: toPlain(tablePlain(rows.join('\n'))) });
      else units.shift();
    } else first.text = `…${first.text}`;
  }
  return units;
}

/** Longest signature shown with its parameters; a longer one is shown as `name(…)` (params.ts). */
const MAX_LABEL_CHARS = EXTRACTIVE_PARAMS.maxLabelChars;

/**
 * A term as Markdown to put before its description: an API name or signature as inline code (its
 * `*args` and underscores are not emphasis), words in bold ("abstract base class", "Module
 * argparse"). A trailing colon is left to the caller.
 */
export function termLabel(term: string): string {
  let t = term.endsWith(':') ? term.slice(0, -1).trimEnd() : term;
  if (t.length > MAX_LABEL_CHARS) t = t.replace(/^([^(]{1,60}?)\(.*\)$/, '$1(…)');
  const head = headWords(t);
  const name = head[head.length - 1] ?? '';
  const code = head.length <= 3 && (/[([]/.test(t) || /[._:*&<>$@/-]|[a-z][A-Z]|^[A-Z0-9_]{2,}$/.test(name));
  if (code) {
    const fence = backtickFence(t, 1);
    const pad = t.startsWith('`') || t.endsWith('`') ? ' ' : '';
    return `${fence}${pad}${t}${pad}${fence}`;
  }
  return `**${t.replace(/([\\`*_[\]<>#])/g, '\\$1')}**`;
}

/** Sentences of a paragraph, not splitting after abbreviations or inside `code`. */
export function splitSentences(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  let start = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    if (inCode || !(ch === '.' || ch === '!' || ch === '?')) continue;
    const next = text[i + 1];
    const after = text[i + 2];
    if (next !== ' ' || after === undefined || !/[A-Z0-9`*_[("]/.test(after)) continue;
    const candidate = text.slice(start, i + 1);
    if (ABBREVIATIONS.test(candidate)) continue;
    out.push(candidate.trim());
    start = i + 2;
  }
  if (start < text.length) out.push(text.slice(start).trim());
  return out.filter(Boolean);
}

/** Relative link targets would resolve against the embedding page: make them absolute. Drop images. */
export function absolutizeLinks(markdown: string, pageUrl: string): string {
  return markdown.replace(MD_IMAGE, '').replace(MD_LINK_WITH_TARGET, (whole, text: string, target: string) => {
    try {
      const url = new URL(target, pageUrl);
      if (!/^https?:$/.test(url.protocol)) return text;
      return `[${text}](${url.href})`;
    } catch {
      return text;
    }
  });
}

/** Words only: link text without targets, no emphasis or escapes. */
export function toPlain(markdown: string): string {
  return markdown
    .replace(MD_LINK, '$1')
    .replace(/[*_`>#]|\\(?=[\\`*_{}[\]()#+\-.!])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
