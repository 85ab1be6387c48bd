import type { Queryable } from '../../db/db.js';
import { inertMarkdown } from './inert.js';
import { backtickFence, termLabel, toUnits, type Unit } from './sentences.js';
import type { PageHit, QueryTerm } from '../types.js';

/**
 * The answerer used when no LLM is configured (the embedded default): the sentences of the top
 * passages that best match the question, as readable Markdown with a citation link after each and a
 * Sources list. It never writes a word of its own about the subject, so it cannot make things up.
 */

export const NOT_COVERED_ANSWER =
  "I couldn't find this in the site's pages, so I can't answer it reliably. Try rephrasing the question, or ask about something the site covers.";

/** Stems words the same way the full-text index does, so sentence matching agrees with retrieval. */
export type Lexer = (texts: string[]) => Promise<Set<string>[]>;

export function databaseLexer(db: Queryable): Lexer {
  return async (texts) => {
    if (texts.length === 0) return [];
    const rows = await db.query<{ ord: number; lexemes: string[] | null }>(
      // Dotted and slashed names count with their parts as well ("json.dumps()" says json and dump),
      // as the question's do in retrieval; and words as written, for the keywords retrieval searches
      // although they are stopwords ("with" of "the with statement").
      `SELECT x.ord::int AS ord,
              ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', x.t) || to_tsvector('english', regexp_replace(x.t, '[./]+', ' ', 'g'))
                                              || to_tsvector('simple', x.t))) AS lexemes
         FROM unnest($1::text[]) WITH ORDINALITY AS x(t, ord)`,
      [texts.map((t) => t.slice(0, 4000))],
    );
    const out = texts.map(() => new Set<string>());
    for (const row of rows) out[row.ord - 1] = new Set(row.lexemes ?? []);
    return out;
  };
}

export interface ExtractiveAnswer {
  markdown: string;
  /** Pages cited in the answer, in citation order. */
  cited: PageHit[];
}

interface Candidate {
  unit: Unit;
  units: Unit[];
  index: number;
  page: number;
  lexemes: Set<string>;
  score: number;
}

const MAX_SENTENCES = 4;
const MAX_CODE_LINES = 14;
const MAX_CODE_CHARS = 700;
/**
 * A sentence is read in its section: the page title and heading path say what it is about even when
 * the sentence does not repeat it ("Run the same command again." under "Installing > Upgrading").
 * Question words found only there count for this share of a word in the sentence.
 */
const CONTEXT_SHARE = 0.5;
/** Sentences whose words overlap a chosen one's this much (Jaccard) say the same thing again. */
const NEAR_DUPLICATE = 0.6;
/** Quoted sentences score at least this share of the best one. */
const KEEP_SHARE = 0.4;
/** Score share of a unit that is the cut-off start of a chunk (see Unit.partial). */
const PARTIAL_SHARE = 0.8;
/** At most this many sentences from one page. */
const PER_PAGE = 2;

const HOW_QUESTION = /\b(how|way|example|code|write|make|use|create|set ?up|install|run|get|convert|implement)\b/i;

export async function extractiveAnswer(question: string, terms: QueryTerm[], pages: PageHit[], lex: Lexer): Promise<ExtractiveAnswer> {
  if (pages.length === 0 || terms.length === 0) return { markdown: NOT_COVERED_ANSWER, cited: [] };

  const flat: { unit: Unit; units: Unit[]; index: number; page: number; context: number }[] = [];
  const contexts: string[] = [];
  pages.forEach((p, page) => {
    const units = p.chunks.flatMap((c) => {
      const context = contexts.push(`${p.title}\n${c.headingPath}`) - 1;
      return toUnits(c.content, p.url).map((unit) => ({ unit, context }));
    });
    const pageUnits = units.map((u) => u.unit);
    units.forEach(({ unit, context }, index) => flat.push({ unit, units: pageUnits, index, page, context }));
  });
  // A described term is shown with its description (see Unit.term), so its words count as the unit's.
  const lexed = await lex([...flat.map((f) => (f.unit.term ? `${f.unit.term}\n${f.unit.plain}` : f.unit.plain)), ...contexts]);
  const lexemes = lexed.slice(0, flat.length);
  const contextLexemes = lexed.slice(flat.length);

  const weight = new Map(terms.map((t) => [t.lexeme, t.idf * Math.max(t.coverageWeight, 0.2)]));
  const totalWeight = [...weight.values()].reduce((a, b) => a + b, 0) || 1;
  const wantsHow = HOW_QUESTION.test(question);
  // Retrieval ranked the pages on more evidence than one sentence has (titles, headings, several
  // passages): a sentence counts in proportion to its page's standing.
  const bestPage = Math.max(pages[0]!.score, 1e-9);
  const pagePrior = pages.map((p) => Math.sqrt(Math.max(0, Math.min(1, p.score / bestPage))));

  const candidates: Candidate[] = flat.map((f, i) => {
    const lx = lexemes[i] ?? new Set<string>();
    const ctx = contextLexemes[f.context] ?? new Set<string>();
    let matched = 0;
    let hits = 0;
    for (const [lexeme, w] of weight) {
      if (lx.has(lexeme)) {
        matched += w;
        hits++;
      } else if (ctx.has(lexeme)) matched += CONTEXT_SHARE * w;
    }
    let score = matched / totalWeight;
    if (hits === 0) score = 0; // a sentence that says none of the question's words is not an answer
    if (hits >= 2) score *= 1 + 0.1 * (hits - 1);
    const len = f.unit.plain.length;
    if (f.unit.kind === 'sentence') {
      if (len < 40) score *= 0.7;
      if (len > 400) score *= 0.75;
      if (wantsHow && followingCode(f.units, f.index)) score *= 1.25;
      if (/\b(is|are|means|returns|refers to)\b/.test(f.unit.plain) && !wantsHow) score *= 1.1;
    } else {
      // Code is shown after the sentence that introduces it; alone it only counts for "how" questions.
      score *= wantsHow && isShortCode(f.unit.text) ? 0.9 : 0;
    }
    // The cut-off start of a chunk (shown from "…"): the previous chunk has it whole, so it is quoted
    // only when that one was not retrieved and nothing else on the page says as much.
    if (f.unit.partial) score *= PARTIAL_SHARE;
    score *= pagePrior[f.page]!;
    return { ...f, lexemes: lx, score };
  });

  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best || best.score < 0.12) return { markdown: NOT_COVERED_ANSWER, cited: [] };

  const chosen: Candidate[] = [];
  const repeats = (c: Candidate) => chosen.some((x) => x.unit.plain.toLowerCase() === c.unit.plain.toLowerCase() || jaccard(x.lexemes, c.lexemes) >= NEAR_DUPLICATE);
  // First the best sentence of each page, then second sentences: an answer that draws on several of
  // the pages retrieval found gives the visitor more to go on than two sentences of one page.
  for (let perPage = 1; perPage <= PER_PAGE; perPage++) {
    for (const c of ranked) {
      if (chosen.length >= MAX_SENTENCES || c.score < best.score * KEEP_SHARE) break;
      if (chosen.includes(c) || chosen.filter((x) => x.page === c.page).length >= perPage || repeats(c)) continue;
      chosen.push(c);
    }
  }
  chosen.sort((a, b) => b.score - a.score);

  // Citation numbers follow first appearance in the answer.
  const cited: PageHit[] = [];
  const cite = (page: number) => {
    let n = cited.indexOf(pages[page]!);
    if (n < 0) n = cited.push(pages[page]!) - 1;
    return `[[${n + 1}]](${pages[page]!.url})`;
  };

  const parts: string[] = [];
  let codeShown = 0;
  const render = (c: Candidate, asBullet: boolean) => {
    if (c.unit.kind === 'code') {
      const intro = precedingSentence(c.units, c.index);
      const lead = intro ? `${withTerm(intro)} ${cite(c.page)}` : c.unit.term ? `${termLabel(c.unit.term)}, from ${cite(c.page)}:` : `From ${cite(c.page)}:`;
      parts.push(asBullet ? `- ${lead}` : lead);
      parts.push(codeBlock(c.unit.text));
      codeShown++;
      return;
    }
    parts.push(`${asBullet ? '- ' : ''}${withTerm(c.unit)} ${cite(c.page)}`);
    const code = followingCode(c.units, c.index);
    if (code && codeShown < 2 && (wantsHow || hasQueryTerm(code, weight))) {
      parts.push(codeBlock(code.text));
      codeShown++;
    }
  };

  render(chosen[0]!, false);
  const rest = chosen.slice(1);
  if (rest.length) {
    parts.push(rest.length > 1 ? 'More from the site:' : 'Also:');
    for (const c of rest) render(c, true);
  }
  parts.push(`**Sources**\n${cited.map((p, i) => `${i + 1}. [${escapeLinkText(p.title || p.url)}](${p.url})`).join('\n')}`);
  return { markdown: inertMarkdown(parts.join('\n\n')), cited };
}

/** A sentence as quoted: after the term it describes, if any ("`random.choice(seq)`: Return a random element…"). */
function withTerm(unit: Unit): string {
  if (!unit.term) return unit.text;
  return `${termLabel(unit.term)}: ${unit.text}`;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

function followingCode(units: Unit[], index: number): Unit | undefined {
  const unit = units[index]!;
  const next = units[index + 1];
  if (!next || next.kind !== 'code' || next.block !== unit.block + 1) return undefined;
  return isShortCode(next.text) ? next : undefined;
}

function precedingSentence(units: Unit[], index: number): Unit | undefined {
  const prev = units[index - 1];
  return prev && prev.kind === 'sentence' && prev.block === units[index]!.block - 1 ? prev : undefined;
}

function isShortCode(code: string): boolean {
  return code.split('\n').length <= MAX_CODE_LINES && code.length <= MAX_CODE_CHARS;
}

function hasQueryTerm(code: Unit, weight: Map<string, number>): boolean {
  const words = code.plain.toLowerCase();
  return [...weight.keys()].some((lx) => lx.length > 2 && words.includes(lx));
}

function codeBlock(code: string): string {
  const fence = backtickFence(code, 3);
  return `${fence}\n${code.replace(/\s+$/, '')}\n${fence}`;
}

const escapeLinkText = (s: string) => s.replace(/([[\]])/g, '\\$1').replace(/\s+/g, ' ').trim();
