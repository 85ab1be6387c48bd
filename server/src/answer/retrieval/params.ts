import { checkKnobs, type KnobRanges } from '../knobRanges.js';

/**
 * Every knob of retrieval, in one place, each with why it has its value and the range it may take
 * (PARAM_RANGES, checked when a set is built or injected: withParams). A retriever takes a whole
 * set (FullTextRetriever's `params` option) so the evaluation can try another set without editing
 * code; the product uses DEFAULT_PARAMS. A change here is kept only if the mean over all dev sites
 * rises and no site loses more than one question (eval/README.md records each one).
 */
export interface RetrievalParams {
  /** BM25 saturation of a passage's body term frequency (Robertson's usual 1.2). */
  k1: number;
  /** BM25 length normalisation of a passage's body (the usual 0.75), against the bot's mean chunk length. */
  b: number;
  /**
   * Share of a term's weight added when the page title has it. Fields are saturated separately (a
   * title names the subject once; repeating a word in the body must not drown it), so a field adds
   * a fixed share instead of term frequency (BM25F with saturated fields).
   */
  titleShare: number;
  /** Share added when the section's heading path has the term (specific to the passage). */
  headingShare: number;
  /** Share added when the anchor text of links pointing to the page has it (how other pages name it). */
  anchorShare: number;
  /** Share of the rarer word's IDF added per pair of question words found side by side (proximity). */
  phraseShare: number;
  /** Share of a page's second-best passage added to its score (two good passages beat one). */
  secondPassageShare: number;
  /**
   * Page-level evidence (Callan 1994): a page's whole-text BM25, max-normalised, added to its
   * max-normalised passage score times this share. 1 is plain CombSUM (equal weights); 0.5 and 1
   * were compared on every dev site (eval/README.md).
   */
  pageEvidenceShare: number;
  /** Pages (by passage score) whose whole text is read for page evidence. */
  pageEvidencePages: number;
  /**
   * Page evidence's BM25 constants (pageEvidence.ts): the usual ones. Pages vary in length far more
   * than passages, so their length is normalised fully (pageB).
   */
  pageK1: number;
  pageB: number;
  /**
   * The OR candidate list (candidates.ts) ranks every chunk it matches, so it only takes the rarest
   * words whose chunk counts add up to this budget; common words still count in the final ranking.
   * The rarest word's own list is skipped when that word alone is in more chunks than this.
   */
  relaxedRowBudget: number;
  /** The "at least m of n" candidate list is built from this many of the question's strongest words. */
  comboTerms: number;
  /** Expected chunk matches the "m of n" candidate list may rank (candidates.ts, comboQuery). */
  comboRowBudget: number;
  /** Nearest chunks a vector or semantic leg offers to the fusion. */
  vectorCandidates: number;
  /** At most this share of a passage's score comes from the semantic legs together: the visitor's words weigh more. */
  maxLegShare: number;
  /**
   * Weight of general English words (a fixed stopword-like list, not a site's vocabulary) relative to
   * their IDF: they phrase the question; in long questions they match thousands of passages.
   */
  generalWordWeight: number;
  /** How much a general English word counts toward whether a passage covers the question. */
  generalWordCoverage: number;
  /** Later pages must score at least this share of the best page to be offered as sources. */
  secondaryPageShare: number;
  /**
   * The evidence needed to answer: the share of the question's weighted words (coverage) that one
   * passage of one of the first `floorPages` pages holds. One rule over every dev site's answerable
   * and unanswerable questions together (each site weighing the same): the lowest evidence at which
   * at most 10% of unanswerable questions would be answered (the 0.9 refusal target), rounded up to
   * the next 0.05 (eval/README.md, "Refusals").
   */
  answerFloor: number;
  /**
   * Below answerFloor but at least this: weak evidence, answered "not sure" with the closest pages.
   * The same rule from the other side, on every site rather than on the mean: the highest evidence
   * below which at most 5% of each site's answerable questions fall (the answerable-refused target
   * is per site), rounded down to 0.05. On the mean it was 0.25, which refused 13% of the sample
   * site's questions.
   */
  unsureFloor: number;
  /** Pages, by passage score, whose passages the floors are checked on. */
  floorPages: number;
  /**
   * With a vector leg: the share of a passage's fused score that comes from its vector similarity
   * (scaled within the question's vector list, in full-text units); the rest is its full-text score.
   * Fusing scores keeps the full-text scale the page shares and floors are read on (reciprocal rank
   * fusion flattens it: mean recall@5 0.725 against 0.775 with this, same vectors; eval/README.md).
   * Under half: the words a visitor used are the stronger evidence.
   */
  vectorShare: number;
  /**
   * Shares of the semantic legs with no model (SEMANTIC_LEGS, semanticLegs.ts), fused by score like
   * the vector leg: the site's own LSA space and GloVe word vectors. Used only when a leg is on, which
   * it is not by default: swept on the dev sites (0.1-0.3), neither leg met the keep rule (LSA raised
   * the mean recall@5 by up to 0.020 but always lost two pydocs questions and some keyword hits;
   * eval/LOG.md). These are the shares that gave the best recall.
   */
  lsaShare: number;
  wordVectorShare: number;
  /**
   * The page a plain, untuned BM25 ranks first (best passage, textbook k1 1.2 and b 0.75 over the
   * same words) is offered among the first `plainSlot` pages, moved up to the last of them when the
   * ranking put it lower; 0 turns this off. The ranking's extra evidence (titles, headings, phrases,
   * whole pages) wins most questions, but where it loses, it loses the page a plain keyword search
   * finds first: on the dev sites 11 questions that plain BM25 finds in its first five were missed,
   * 9 of them with that page first (eval/LOG.md).
   */
  plainSlot: number;
}

export const DEFAULT_PARAMS: Readonly<RetrievalParams> = Object.freeze({
  k1: 1.2,
  b: 0.75,
  titleShare: 0.5,
  headingShare: 0.8,
  anchorShare: 0.5,
  phraseShare: 0.5,
  secondPassageShare: 0.3,
  pageEvidenceShare: 1,
  pageEvidencePages: 20,
  pageK1: 1.2,
  pageB: 0.75,
  relaxedRowBudget: 600,
  comboTerms: 6,
  comboRowBudget: 200,
  vectorCandidates: 50,
  maxLegShare: 0.6,
  generalWordWeight: 0.15,
  generalWordCoverage: 0.1,
  secondaryPageShare: 0.3,
  answerFloor: 0.5,
  unsureFloor: 0.15,
  floorPages: 3,
  vectorShare: 0.3,
  lsaShare: 0.3,
  wordVectorShare: 0.2,
  plainSlot: 5,
});

const share = { min: 0, max: 1 };
const weight = { min: 0, max: 5 };
const count = (min: number, max: number) => ({ min, max, integer: true });

/** The range each knob may take: wide enough for any sweep worth running, narrow enough to catch a slip. */
export const PARAM_RANGES: KnobRanges<RetrievalParams> = {
  k1: { min: 0, max: 3 },
  b: share,
  titleShare: weight,
  headingShare: weight,
  anchorShare: weight,
  phraseShare: weight,
  secondPassageShare: share,
  pageEvidenceShare: weight,
  pageEvidencePages: count(1, 200),
  pageK1: { min: 0, max: 3 },
  pageB: share,
  relaxedRowBudget: count(1, 100_000),
  comboTerms: count(2, 24),
  comboRowBudget: count(1, 100_000),
  vectorCandidates: count(1, 1000),
  maxLegShare: share,
  generalWordWeight: share,
  generalWordCoverage: share,
  secondaryPageShare: share,
  answerFloor: share,
  unsureFloor: share,
  floorPages: count(1, 20),
  vectorShare: share,
  lsaShare: share,
  wordVectorShare: share,
  plainSlot: count(0, 20),
};

/**
 * The most rows each candidate list takes (candidates.ts): the OR list of rare words, the rarest
 * words' own (rareQuery: as many of them as this many chunks hold), the "m of n" list, and the
 * web-search syntax list. Fixed in the SQL text (not injectable: a LIMIT in the text keeps one plan
 * per list); checked against their ranges here.
 */
export const CANDIDATE_LIMITS = checkKnobs('candidate lists', Object.freeze({ relaxed: 60, rare: 25, combo: 60, strict: 40 }), {
  relaxed: count(1, 1000),
  rare: count(1, 1000),
  combo: count(1, 1000),
  strict: count(1, 1000),
});

/** The range each of READING's values may take. */
export const READING_RANGES = {
  maxQueryChars: count(100, 10_000),
  maxQueryTerms: count(1, 100),
  slipMinLetters: count(2, 10),
  slipMaxLetters: count(5, 100),
  slipMaxWords: count(0, 20),
  slipCompoundPart: count(1, 10),
  compoundMinWord: count(4, 30),
  compoundPart: count(2, 15),
  compoundJoin: count(0, 5),
  compoundWordMin: count(2, 30),
  compoundWordShare: share,
  compoundsPerWord: count(0, 20),
  nameEnglishShare: share,
  nameMinLetters: count(1, 10),
  nameMinCapitalised: count(1, 10),
  foreignLoanwordMin: count(2, 20),
  absentDeclineShare: share,
  unmatchedNameShare: share,
  rareNameChunks: count(0, 1000),
  namePages: count(1, 20),
  namePrefixShare: share,
  namePrefixMin: count(1, 20),
  nameSuffixMin: count(1, 20),
  unknownHalfChunks: count(1, 1_000_000),
};

/**
 * How a question's words are read, rather than how pages are ranked: fixed (not injectable), each
 * named where it is used with its reason there, and checked against its range when the module loads.
 */
export const READING = checkKnobs(
  'question reading',
  Object.freeze({
    /** queryText.ts: longest question text that reaches the database, and most lexemes searched. */
    maxQueryChars: 1000,
    maxQueryTerms: 24,
    /** spelling.ts: the words read for typing slips (shortest, longest, how many), and a compound's shortest part. */
    slipMinLetters: 4,
    slipMaxLetters: 30,
    slipMaxWords: 4,
    slipCompoundPart: 3,
    /** compoundParts.ts: the shortest word split, its parts' shortest length, and the joining letters allowed. */
    compoundMinWord: 8,
    compoundPart: 4,
    compoundJoin: 2,
    /**
     * questionRead.ts: the site's compounds of a question's word (Tastatur → Tastatureingabe): the
     * shortest word looked up (a shorter stem begins too many unrelated words: "stell" →
     * "bereitstell"), the most chunks it may be in (a share of the bot's: "system" heads the title
     * word "Systemtipps" and hundreds more), and how many of its compounds, the most used first,
     * are read with it. Measured on debref-de (eval/LOG.md): 5 letters or a 10% share lost a
     * question each, 6 compounds a word lost two.
     */
    compoundWordMin: 6,
    compoundWordShare: 0.05,
    compoundsPerWord: 3,
    /** absentNames.ts and offTopic.ts: when a question's name reads as one the site lacks. */
    nameEnglishShare: 0.6,
    nameMinLetters: 3,
    nameMinCapitalised: 4,
    /** foreignNames.ts: shortest English word read as a loanword name in another language's question. */
    foreignLoanwordMin: 5,
    /** offTopic.ts: share of a question's information in words the site never writes at which "not sure" declines. */
    absentDeclineShare: 0.75,
    /** offTopic.ts: least share of a question's information a rarely written name carries to decline it. */
    unmatchedNameShare: 0.15,
    rareNameChunks: 10,
    namePages: 3,
    /** chunkRanking.ts: a question word matching the start or end of a page's name. */
    namePrefixShare: 0.5,
    namePrefixMin: 4,
    nameSuffixMin: 5,
    /** floor.ts: the site size at which a word it never writes weighs 1.5 words. */
    unknownHalfChunks: 1000,
  }),
  READING_RANGES,
);

/**
 * DEFAULT_PARAMS with some values replaced (evaluation sweeps, tests), every value checked against
 * PARAM_RANGES: an unknown knob or a value outside its range throws a RangeError naming it.
 */
export const withParams = (over: Partial<RetrievalParams> = {}): RetrievalParams =>
  checkKnobs('retrieval', { ...DEFAULT_PARAMS, ...over }, PARAM_RANGES);

checkKnobs('retrieval', DEFAULT_PARAMS, PARAM_RANGES);
