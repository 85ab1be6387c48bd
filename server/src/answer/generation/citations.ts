/**
 * Renumbers a language model's passage citations while its answer streams.
 *
 * The prompt numbers the passages [1]…[n]; a model that cites [1] and [3] would leave the answer's
 * Sources list (the cited pages, numbered 1, 2) disagreeing with the text, whose "[3]" names no
 * listed source. So citations are renumbered in order of first appearance ([1] and [3] become [1]
 * and [2]) as the text streams, and the cited pages are listed in that order: the stored message,
 * which is exactly what was streamed, and its sources agree.
 *
 * Only citations are touched: brackets inside code (fenced blocks and `inline spans`), after a
 * name (`items[1]`), starting a Markdown link (`[1](…)`), or holding a number that is not a
 * passage's, pass through unchanged. Fences are read as text/markdown.ts reads them. A piece that might still become a citation ("… [", "[1, ")
 * is held back until the next delta settles it, so the client never sees text that changes later.
 */

import { FenceReader } from '../../text/markdown.js';

/** "[2]" or "[1, 3]" at lastIndex (sticky: no copy of the rest of the text per character). */
const CITATION = /\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/y;
/** Text that may still grow into a CITATION. */
const MAYBE_CITATION = /^\[[\d,\s]{0,12}$/;
/**
 * A line (from its start) that is or may still grow into a fence line: containers, then a fence run.
 * The containers are one class (indent and quote markers in any order; the Markdown module decides
 * on the whole line): spelled as `[ \t]*(?:>[ \t]?)*[ \t]*` they backtracked with the cube of a
 * streamed line's length.
 */
const MAYBE_FENCE_LINE = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)]?)[ \t]*)?(?:[`~]{0,2}|(?:`{3,}|~{3,}).*)$/;

export class CitationRenumberer {
  private held = '';
  private inFence = false;
  private readonly fences = new FenceReader();
  private inCode = false;
  private atLineStart = true;
  /** The last character emitted, to tell `name[1]` from a citation. */
  private last = '';
  /** Passage numbers (1-based, as the model wrote them) in order of first citation. */
  private readonly order: number[] = [];

  constructor(private readonly passages: number) {}

  /** The text that can be shown now for this delta (possibly empty). */
  push(delta: string): string {
    return this.process(this.held + delta, false);
  }

  /** Whatever was held back, once the stream has ended. */
  end(): string {
    return this.process(this.held, true);
  }

  /** 0-based passage indexes in citation order (the order of the renumbered [1], [2]…). */
  cited(): number[] {
    return this.order.map((n) => n - 1);
  }

  private process(text: string, final: boolean): string {
    this.held = '';
    let out = '';
    let i = 0;
    while (i < text.length) {
      if (this.atLineStart && !this.inCode) {
        // A line that is, or may still grow into, a fence line is read whole, by the Markdown module.
        const nl = text.indexOf('\n', i);
        const line = text.slice(i, nl < 0 ? text.length : nl);
        if (MAYBE_FENCE_LINE.test(line)) {
          if (nl < 0 && !final) {
            this.held = text.slice(i);
            break;
          }
          const role = this.fences.next(line);
          this.inFence = this.fences.inside;
          if (role === 'open' || role === 'close') {
            out += this.emit(line);
            i += line.length;
            this.atLineStart = false;
            continue;
          }
        }
      }
      const ch = text[i]!;
      if (ch === '\n') {
        this.atLineStart = true;
        this.inCode = false; // an unclosed inline span does not run past its line
        out += this.emit(ch);
        i++;
        continue;
      }
      // Leading spaces keep a line's start (an indented fence is still a fence).
      if (!(ch === ' ' || ch === '\t')) this.atLineStart = false;
      if (this.inFence) {
        out += this.emit(ch);
        i++;
        continue;
      }
      if (ch === '`') {
        this.inCode = !this.inCode;
        out += this.emit(ch);
        i++;
        continue;
      }
      if (ch === '[' && !this.inCode && !/[\w\])]/.test(this.last)) {
        CITATION.lastIndex = i;
        const m = CITATION.exec(text);
        if (m) {
          const after = text[i + m[0].length];
          if (after === undefined && !final) {
            this.held = text.slice(i); // "[1]" then "(" would be a link
            break;
          }
          const numbers = m[1]!.split(',').map((s) => Number(s.trim()));
          if (after !== '(' && numbers.every((n) => n >= 1 && n <= this.passages)) {
            out += this.emit(numbers.map((n) => `[${this.renumber(n)}]`).join(''));
            i += m[0].length;
            continue;
          }
        } else if (!final && MAYBE_CITATION.test(text.slice(i, i + 14))) {
          this.held = text.slice(i);
          break;
        }
      }
      out += this.emit(ch);
      i++;
    }
    return out;
  }

  private renumber(n: number): number {
    let at = this.order.indexOf(n);
    if (at < 0) at = this.order.push(n) - 1;
    return at + 1;
  }

  private emit(s: string): string {
    if (s) this.last = s[s.length - 1]!;
    return s;
  }
}
