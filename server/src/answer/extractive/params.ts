import { checkKnobs, type KnobRanges } from '../knobRanges.js';

/**
 * Every knob of the extractive answerer (no LLM: the best section's own sentences, quoted), in one
 * place, each with why it has its value and the range it may take (EXTRACTIVE_RANGES, checked when
 * the set is built: extractiveParams). The product uses EXTRACTIVE_PARAMS.
 */
export interface ExtractiveParams {
  /** Words of the main quote ("about 120 words"; code and tables are not counted). */
  mainWords: number;
  /** Words of a supporting quote from another section. */
  supportWords: number;
  /** Supporting quotes at most. */
  maxSupports: number;
  /** A supporting quote scores at least this share of the main quote. */
  keepShare: number;
  /** Sentences whose words overlap a quoted one's this much (Jaccard) say the same thing again. */
  nearDuplicate: number;
  /** Below this score nothing retrieved says enough of the question to quote. */
  minScore: number;
  /**
   * Placing the main quote in its section, a run pays this share of the score per 120 words: the
   * window that says the most of the question spreads over every sentence that names one of its
   * words, and its extension then has no budget left for the sentence that states the fact; a
   * tighter run that says nearly as much leaves room for what follows it.
   */
  placementWordCost: number;
  /** A window with code counts this much more for a "how" question. */
  howCodeBonus: number;
  /**
   * The main quote's window on a page other than the one retrieval ranked first counts for this share,
   * once per place below the first (the second page's 0.8, the third's 0.64, …): retrieval weighed
   * more than one passage (titles, headings, several passages, the whole page), so the answer leads
   * with its first page unless another says the question far better, and the further down a page
   * was ranked, the better still it must say it.
   */
  otherPageShare: number;
  /**
   * Question words found only in the section's headings or page title count for this share of a word
   * in the text (window.ts): "Run the same command again." under "Installing > Upgrading" is about upgrading.
   */
  contextShare: number;
  /** Each question term the window says beyond the first adds this much: terms together answer better. */
  termBonus: number;
  /**
   * A page's opening sentence that lists what the page covers ("Deploy a Lumen site to Netlify, GitHub
   * Pages, Cloudflare Pages or your own server.") names the question's words in passing: they count
   * for this share there (window.ts). The section that the list points to says the fact.
   */
  mentionShare: number;
  /** Words of one item of a list of topics ("GitHub Pages", "port in use", "an S3 bucket"; topicLists.ts). */
  listItemWords: number;
  /** Most lines and characters of code, and rows of a table, shown in an answer; the rest stays on the page (blocks.ts). */
  maxCodeLines: number;
  maxCodeChars: number;
  maxTableRows: number;
  /** Longest signature shown with its parameters; a longer one is shown as `name(…)` (sentences.ts). */
  maxLabelChars: number;
  /** Shortest overlap between neighbouring chunks taken as the chunker's: shorter matches are chance (sections.ts). */
  minOverlap: number;
  /** The chunker repeats at most its overlapChars (150): look a little further (sections.ts). */
  maxOverlap: number;
}

const share = { min: 0, max: 1 };
const count = (min: number, max: number) => ({ min, max, integer: true });

/** The range each knob may take. */
export const EXTRACTIVE_RANGES: KnobRanges<ExtractiveParams> = {
  mainWords: count(10, 1000),
  supportWords: count(5, 500),
  maxSupports: count(0, 10),
  keepShare: share,
  nearDuplicate: share,
  minScore: share,
  placementWordCost: { min: 0, max: 5 },
  howCodeBonus: { min: 1, max: 3 },
  otherPageShare: share,
  contextShare: share,
  termBonus: share,
  mentionShare: share,
  listItemWords: count(1, 20),
  maxCodeLines: count(1, 200),
  maxCodeChars: count(80, 20_000),
  maxTableRows: count(1, 200),
  maxLabelChars: count(10, 500),
  minOverlap: count(1, 1000),
  maxOverlap: count(1, 10_000),
};

/** The product's set, checked as it is built (an out-of-range value fails at start, by name). */
export const EXTRACTIVE_PARAMS: Readonly<ExtractiveParams> = Object.freeze(
  extractiveParams({
    mainWords: 120,
    supportWords: 35,
    maxSupports: 2,
    keepShare: 0.4,
    nearDuplicate: 0.6,
    minScore: 0.12,
    placementWordCost: 0.6,
    howCodeBonus: 1.15,
    otherPageShare: 0.8,
    contextShare: 0.8,
    termBonus: 0.1,
    mentionShare: 0.5,
    listItemWords: 4,
    maxCodeLines: 14,
    maxCodeChars: 900,
    maxTableRows: 12,
    maxLabelChars: 80,
    minOverlap: 12,
    maxOverlap: 400,
  }),
);

/** A whole set of extractive knobs, checked against EXTRACTIVE_RANGES (a RangeError names the knob and its range). */
export function extractiveParams(values: ExtractiveParams): ExtractiveParams {
  checkKnobs('extractive', values, EXTRACTIVE_RANGES);
  if (values.minOverlap > values.maxOverlap)
    throw new RangeError(`extractive knob minOverlap = ${values.minOverlap}: must be at most maxOverlap (${values.maxOverlap})`);
  return values;
}
