import { FenceReader } from '../text/markdown.js';
import { hash53 } from './siteWide.js';

/**
 * Keys of Markdown lines for site-level boilerplate (siteBoilerplate.ts): the hash of a line's
 * normalised text (list and quote markers, table pipes and spacing aside, lower case), or NaN for
 * lines that are never boilerplate (code, headings, bare punctuation). Used where pages are
 * extracted (for the text extraction left out) and where they are indexed, so both agree.
 */
const HEADING = /^#{1,6}\s/;
const MARKERS = /^[\s>]*(?:[-*]\s+|\d+\.\s+)?/;

/** Each line's key, NaN where the line is never boilerplate; fences are tracked across lines. */
export function lineKeys(lines: string[]): Float64Array {
  const keys = new Float64Array(lines.length).fill(NaN);
  const fences = new FenceReader();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.next(line) !== 'text') continue;
    if (HEADING.test(line)) continue;
    const norm = line.replace(MARKERS, '').replace(/\|/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
    if (/[\p{L}\p{N}]/u.test(norm)) keys[i] = hash53(norm);
  }
  return keys;
}

/** Distinct keys of a Markdown text's candidate lines. */
export function distinctLineKeys(markdown: string): number[] {
  return [...new Set(lineKeys(markdown.split('\n')))].filter((k) => !Number.isNaN(k));
}
