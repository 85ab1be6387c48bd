/**
 * The passage an extractive answer quotes: a contiguous run of one section's own units (sentences,
 * and at most one code block or table, and the one its last sentence announces: leadIn.ts),
 * starting at a sentence start, that holds the most of the question's weight within a word budget.
 */
import { isTitleLine, type Unit } from './sentences.js';
import { completeLeadIn, dangles } from './leadIn.js';
import { isBlock, wordCount } from './unitSize.js';
import { isOverview } from './topicLists.js';
import { EXTRACTIVE_PARAMS } from './params.js';

export interface LexedUnit {
  unit: Unit;
  /** The unit's words as the full-text index stems them (with its term's, see Unit.term). */
  lexemes: Set<string>;
}

export interface Window {
  /** First and last unit (inclusive). */
  start: number;
  end: number;
  /** Share (0..1, with a bonus for several terms) of the question's weight the window holds. */
  score: number;
  /** Question lexemes said in the window itself (not only in its headings). */
  said: Set<string>;
  /** Words of its sentences. */
  words: number;
}

// Headings' and title's words, terms together, words named in passing: params.ts says why each weighs what it does.
const { contextShare: CONTEXT_SHARE, termBonus: TERM_BONUS, mentionShare: MENTION_SHARE } = EXTRACTIVE_PARAMS;

export interface WindowQuery {
  weight: Map<string, number>;
  totalWeight: number;
  /** Lexemes of the page title and of each heading path the units carry. */
  context: (heading: string) => Set<string>;
  maxWords: number;
  /** At most this many code blocks or tables in the window. */
  maxBlocks: number;
  /** Whether code and tables may be in the window at all. */
  blocks: boolean;
  /**
   * Score given up per budget's worth of words (0 when absent): a longer run must say enough more
   * of the question to be worth its words. Used to place a quote within the section already chosen.
   */
  wordCost?: number;
  /**
   * Lexemes of a subsection's own heading (its last heading, not the page's): the words a section
   * is about. A window in it says them (see score), and may start at the section's first unit even
   * when that unit repeats none of them ("## Netlify" then "Set the build command to …").
   */
  own?: (heading: string) => Set<string>;
  /** Whether a page opening's list of topics counts as a mention only (see isOverview). */
  overviews?: boolean;
}

function score(
  said: ReadonlySet<string>,
  context: ReadonlySet<string>,
  q: WindowQuery,
  own: ReadonlySet<string> = NONE,
  mentioned: ReadonlySet<string> = NONE,
): number {
  let matched = 0;
  let count = 0;
  for (const [lexeme, w] of q.weight) {
    if (said.has(lexeme) || own.has(lexeme)) {
      matched += w;
      count++;
    } else if (mentioned.has(lexeme)) matched += MENTION_SHARE * w;
    else if (context.has(lexeme)) matched += CONTEXT_SHARE * w;
  }
  if (count === 0 && mentioned.size === 0) return 0; // a passage that says none of the question's words is not an answer
  return (matched / q.totalWeight) * (1 + TERM_BONUS * Math.max(0, count - 1));
}

const NONE: ReadonlySet<string> = new Set();

/**
 * A list item after its list's first that opens in lower case goes on with what the list's opening
 * says ("Traditional style:" then "- used by X applications such as xterm"): no quote starts there.
 */
const midList = (units: LexedUnit[], at: number): boolean => {
  const u = units[at]!.unit;
  const prev = units[at - 1]?.unit;
  return u.item !== undefined && prev?.item !== undefined && /^\p{Ll}/u.test(u.text);
};

/**
 * The best window of these units (one chunk, in reading order): the run with the highest score in
 * the fewest words, earliest first on ties. Windows start at a whole sentence that says a question term and
 * never cross a heading.
 */
export function bestWindow(units: LexedUnit[], q: WindowQuery): Window | undefined {
  let best: Window | undefined;
  for (let s = 0; s < units.length; s++) {
    const first = units[s]!.unit;
    const own = q.own?.(first.heading) ?? NONE;
    // The first unit under a heading that names the question's words starts a window as it is.
    const headed = first.heading !== units[s - 1]?.unit.heading && [...own].some((l) => q.weight.has(l));
    if (!headed && (first.kind !== 'sentence' || first.partial || first.resumes || ![...units[s]!.lexemes].some((l) => q.weight.has(l))))
      continue;
    if (midList(units, s)) continue;
    if (headed && (first.partial || first.resumes)) continue;
    const context = q.context(first.heading);
    const said = new Set<string>();
    const mentioned = new Set<string>();
    let words = 0;
    let blocks = 0;
    for (let e = s; e < units.length; e++) {
      const u = units[e]!.unit;
      if (u.heading !== first.heading) break;
      if (isBlock(u) && (!q.blocks || ++blocks > q.maxBlocks)) break;
      words += wordCount(u);
      if (e > s && words > q.maxWords) break;
      const into = q.overviews && isOverview(u) ? mentioned : said;
      for (const l of units[e]!.lexemes) if (q.weight.has(l)) into.add(l);
      const sc = score(said, context, q, own, mentioned) - (q.wordCost ?? 0) * (words / q.maxWords);
      // The same weight in fewer words is the sharper quote.
      if (!best || sc > best.score + 1e-9 || (sc > best.score - 1e-9 && words < best.words))
        best = { start: s, end: e, score: sc, said: new Set([...said, ...mentioned]), words };
    }
  }
  return best;
}

/**
 * The window grown to read whole, within the word budget: its whole section (from the entry it
 * quotes, on a page of described terms) when that fits (a short section is one answer), else on
 * with the units that follow in its section first (the command after "run:", the condition after
 * "unless", the name after "the best way is"), then back to the start of its paragraph with what
 * the budget has left (a paragraph read from its middle lacks what its first sentence says it is
 * about), then to earlier paragraphs of its section that say the question (earlierParagraphs).
 * Following text first: the fact usually comes after the sentence that names the question's
 * words, and the budget spent on the paragraph's opening pushed it out of the quote.
 */
/** `announced`: the rules for the unit a closing colon announces (see completeLeadIn), when they differ from `q`'s. */
export function extendWindow(units: LexedUnit[], w: Window, q: WindowQuery, announced: WindowQuery = q): Window {
  const heading = units[w.start]!.unit.heading;
  const inSection = (i: number) => units[i]?.unit.heading === heading && !units[i]!.unit.partial;
  let first = w.start;
  let last = w.end;
  // Not back into the entry of another described term: each is a fact of its own.
  while (inSection(first - 1) && units[first - 1]!.unit.term === units[w.start]!.unit.term) first--;
  // Not on into a table of contents' titles: they name other sections, and say nothing.
  while (inSection(last + 1) && !isTitleLine(units[last + 1]!.unit)) last++;
  // Nor to a colon that announces what the page does not go on with here.
  if (last > first && dangles(units, last)) last--;
  const section = units.slice(first, last + 1).map((u) => u.unit);
  if (
    section[0]!.kind === 'sentence' &&
    section.filter(isBlock).length <= (q.blocks ? q.maxBlocks : 0) &&
    section.reduce((n, u) => n + wordCount(u), 0) <= q.maxWords
  ) {
    return { ...w, start: first, end: last, words: section.reduce((n, u) => n + wordCount(u), 0) };
  }
  let words = 0;
  let blocks = 0;
  for (let i = w.start; i <= w.end; i++) {
    words += wordCount(units[i]!.unit);
    if (isBlock(units[i]!.unit)) blocks++;
  }
  let end = w.end;
  while (end + 1 < units.length) {
    const u = units[end + 1]!.unit;
    if (u.heading !== heading || u.partial || isTitleLine(u)) break;
    if (isBlock(u) && (!q.blocks || blocks + 1 > q.maxBlocks)) break;
    if (words + wordCount(u) > q.maxWords) break;
    words += wordCount(u);
    if (isBlock(u)) blocks++;
    end++;
  }
  let start = w.start;
  while (start > 0) {
    const u = units[start - 1]!.unit;
    // Back to its paragraph's start, but not to a sentence a block interrupted (Unit.resumes): mid-sentence.
    if (u.kind !== 'sentence' || u.partial || u.resumes || u.block !== units[start]!.unit.block || words + wordCount(u) > q.maxWords) break;
    words += wordCount(u);
    start--;
  }
  ({ start, words } = earlierParagraphs(units, { start, words, blocks }, q));
  return completeLeadIn(units, { ...w, start, end, words }, announced);
}

const saysQuestion = (units: LexedUnit[], q: WindowQuery) => units.some((x) => [...x.lexemes].some((l) => q.weight.has(l)));

/**
 * With budget left once the quote has gone on to its section's end and back to its paragraph's
 * start: the paragraphs before it in its section, whole, or the last sentences of one that fit, for
 * as long as each says a question word (the condition or the setting the quote goes on about is often
 * stated just above it: "… at least HTTP/1.1, raising this value usually doesn't solve most push
 * problems." before "Note that increasing this value …"). Only those: the budget is a limit, not a
 * size to fill.
 */
function earlierParagraphs(
  units: LexedUnit[],
  at: { start: number; words: number; blocks: number },
  q: WindowQuery,
): { start: number; words: number } {
  const { heading, term } = units[at.start]!.unit;
  let { start, words, blocks } = at;
  while (start > 0) {
    let first = start - 1;
    while (first > 0 && units[first - 1]!.unit.block === units[start - 1]!.unit.block) first--;
    const paragraph = units.slice(first, start);
    const added = paragraph.map((x) => x.unit);
    if (added[0]!.kind !== 'sentence' || added[0]!.resumes || added.some((u) => u.heading !== heading || u.partial || u.term !== term))
      break;
    if (!saysQuestion(paragraph, q)) break;
    const addedBlocks = added.filter(isBlock).length;
    if (addedBlocks > 0 && (!q.blocks || blocks + addedBlocks > q.maxBlocks)) break;
    const addedWords = added.reduce((n, u) => n + wordCount(u), 0);
    if (words + addedWords <= q.maxWords) {
      words += addedWords;
      blocks += addedBlocks;
      start = first;
      continue;
    }
    // Not whole: its last sentences that fit, from a sentence start, if they say a question word too.
    let from = start;
    let fromWords = words;
    while (from > first) {
      const u = units[from - 1]!.unit;
      if (u.kind !== 'sentence' || u.resumes || fromWords + wordCount(u) > q.maxWords) break;
      fromWords += wordCount(u);
      from--;
    }
    if (from < start && saysQuestion(units.slice(from, start), q)) return { start: from, words: fromWords };
    break;
  }
  return { start, words };
}
