/** Splitting a chunk's Markdown into the units an extractive answer is made of. */

export interface Unit {
  kind: 'sentence' | 'code';
  /** Display Markdown (relative links made absolute against the page). */
  text: string;
  /** Plain words for matching (no link targets, no Markdown punctuation). */
  plain: string;
  /** Index of the block this unit came from, to find the code that follows a sentence. */
  block: number;
  /**
   * The unit is the cut-off start of the chunk: a long section is split into overlapping chunks,
   * and the next one starts mid-sentence or mid-code ("to terminate...", "remember, even though…").
   * The whole of it is in the previous chunk; on its own it is not fit to quote.
   */
  partial?: boolean;
  /**
   * The term this unit defines or describes: reference pages put an API entry's signature or a
   * glossary word in a term of its own (`<dt>`, written as a lone bold line) and describe it below
   * ("Return a randomly chosen element…"). Quoted without it, the description says nothing of what it
   * is about. Plain text, as the page shows it.
   */
  term?: string;
}

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|cf|approx|no|fig|Mr|Mrs|Dr)\.$/i;

/** Longest lone bold line read as a term: API signatures run to hundreds of characters. */
const MAX_TERM_CHARS = 600;
/** A block that is one bold span and nothing else: how the page writer renders `<dt>`. */
const TERM_BLOCK = new RegExp(`^\\*\\*([^\\n]{1,${MAX_TERM_CHARS}}?)\\*\\*$`);

/** The words before a signature's parameters: `class typing.DefaultDict(…)` → class, typing.DefaultDict. */
const headWords = (term: string): string[] => term.replace(/[([].*$/, '').trim().split(/\s+/).filter(Boolean);

/**
 * Whether a lone bold line is a term (a name, a signature, a glossary word, "Note:") rather than a
 * sentence set in bold, which stays a sentence of its own.
 */
export function isTerm(text: string): boolean {
  return !text.includes('**') && !/[.!?]$/.test(text) && headWords(text).length <= 6;
}

/** Blocks separated by blank lines; fenced code stays whole. */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let cur: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === null) {
        if (cur.length) blocks.push(cur.join('\n'));
        cur = [line];
        fence = f[1]!;
        continue;
      }
      if (line.trim().startsWith(fence)) {
        cur.push(line);
        blocks.push(cur.join('\n'));
        cur = [];
        fence = null;
        continue;
      }
    }
    if (fence === null && line.trim() === '') {
      if (cur.length) blocks.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) blocks.push(cur.join('\n'));
  return blocks;
}

/**
 * A chunk cut from the middle of a code block (chunks overlap) starts inside the code: its first
 * fence line is really a closing fence. Reopen it so code is never read as prose and vice versa.
 */
export function repairFences(markdown: string): string {
  const lines = markdown.split('\n');
  const fenceLines = lines.filter((l) => /^\s*(`{3,}|~{3,})/.test(l));
  if (fenceLines.length % 2 === 0) return markdown;
  const first = lines.findIndex((l) => /^\s*(`{3,}|~{3,})/.test(l));
  const before = lines.slice(0, first).join('\n');
  // A bare fence with code-looking text above it closes a block the chunk started inside.
  const closesBlock = /^\s*(`{3,}|~{3,})\s*$/.test(lines[first]!) && (first === 0 || /[=(){}[\]:;]|^\s{2,}|>>>/m.test(before));
  return closesBlock ? `\`\`\`\n${markdown}` : markdown;
}

/** Sentence and code units of one chunk, in reading order. */
export function toUnits(markdown: string, pageUrl: string): Unit[] {
  const units: Unit[] = [];
  const repaired = repairFences(markdown);
  // A section's first chunk starts with its heading (or a capital, or markup); a continuation chunk
  // starts wherever the overlap cut it: inside code, or in the middle of a sentence.
  const continues = repaired !== markdown || /^\s*[a-z,;:.)\]]/.test(markdown);
  // The term the block right after it describes (see Unit.term). Only that block: where a
  // description list ends is not marked in Markdown, and a wrong label is worse than none.
  let term: { text: string; block: number } | undefined;
  splitBlocks(repaired).forEach((block, i) => {
    const trimmed = block.trim();
    const describes = term?.block === i - 1 ? { term: term.text } : {};
    const termMatch = TERM_BLOCK.exec(trimmed);
    if (termMatch && isTerm(termMatch[1]!.trim())) {
      term = { text: termMatch[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim(), block: i };
      return;
    }
    if (/^(`{3,}|~{3,})/.test(trimmed)) {
      const body = trimmed.replace(/^(`{3,}|~{3,})[^\n]*\n?/, '').replace(/\n?(`{3,}|~{3,})\s*$/, '');
      if (body.trim()) units.push({ kind: 'code', text: body, plain: body, block: i, ...describes });
      return;
    }
    if (/^#{1,6}\s/.test(trimmed) || /^\|/.test(trimmed) || /^(\* \* \*|-{3,}|_{3,})$/.test(trimmed)) return;
    for (const item of splitListItems(trimmed)) {
      for (const sentence of splitSentences(item)) {
        const text = absolutizeLinks(sentence, pageUrl).trim();
        const plain = toPlain(text);
        if (plain.length >= 20) units.push({ kind: 'sentence', text, plain, block: i, ...describes });
      }
    }
  });
  const first = units[0];
  if (continues && first?.block === 0) {
    first.partial = true;
    if (first.kind === 'code') {
      // The first line is cut at an arbitrary point: show the code from the next whole line.
      const whole = first.text.slice(first.text.indexOf('\n') + 1);
      if (first.text.includes('\n') && whole.trim()) Object.assign(first, { text: whole, plain: whole });
    } else first.text = `…${first.text}`;
  }
  return units;
}

/** Longest signature shown with its parameters; a longer one is shown as `name(…)`. */
const MAX_LABEL_CHARS = 80;

/**
 * A term as Markdown to put before its description: an API name or signature as inline code (its
 * `*args` and underscores are not emphasis), words in bold ("abstract base class", "Module
 * argparse"). A trailing colon is left to the caller.
 */
export function termLabel(term: string): string {
  let t = term.replace(/\s*:$/, '');
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

/** A run of backticks longer than any inside the text (and at least `min` long), to fence it as code. */
export function backtickFence(text: string, min: number): string {
  return '`'.repeat(Math.max(min - 1, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
}

/** A list block becomes its items; other blocks come back whole (as one line). */
function splitListItems(block: string): string[] {
  const lines = block.split('\n').map((l) => l.replace(/^\s*>\s?/, ''));
  if (!lines.some((l) => /^\s*([-*+]|\d+[.)])\s+/.test(l))) return [lines.join(' ')];
  const items: string[] = [];
  for (const line of lines) {
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) items.push(line.replace(/^\s*([-*+]|\d+[.)])\s+/, ''));
    else if (items.length) items[items.length - 1] += ` ${line.trim()}`;
    else items.push(line);
  }
  return items;
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
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g, (whole, text: string, target: string) => {
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
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#]|\\(?=[\\`*_{}[\]()#+\-.!])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
