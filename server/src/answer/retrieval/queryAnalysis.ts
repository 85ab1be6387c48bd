import type { Queryable } from '../../db/db.js';
import type { CorpusStats } from '../../db/repositories/termStats.js';
import type { QueryTerm } from '../types.js';
import { unknownTermWeight } from './floor.js';
import type { RetrievalParams } from './params.js';
import { MAX_QUERY_TERMS } from './queryText.js';
import { generalWordsFor } from '../../language/generalWords.js';
import { coverageWeightOf, idf, isNumeric } from './scoring.js';
import { correctSlips } from './spelling.js';
import { partCandidates, splitsCompounds } from './compoundParts.js';
import { DEFAULT_TEXT_CONFIG } from '../../language/configs.js';
import { readQuestion } from './questionRead.js';
import { statsOf } from './questionStats.js';
import { readSiteCompounds } from './siteCompounds.js';
import { readClosedWords } from './closedReading.js';
import { withoutLeftover } from '../../language/stemLeftovers.js';
import { readCompounds, readLanguageNames, readLeftovers, readSeparableVerbs } from './wordReadings.js';

export { withoutGeneralWords } from './questionGeneralWords.js';
import type { Picked } from './wordReadings.js';

/** The parts of hyphenated lexemes: the lexemes at the positions right after the whole word's. */
export function hyphenParts(rows: { lexeme: string; positions: number[] }[]): Map<string, string[]> {
  const at = new Map<number, string>();
  for (const r of rows) for (const p of r.positions) if (!r.lexeme.includes('-')) at.set(p, r.lexeme);
  const parts = new Map<string, string[]>();
  for (const r of rows) {
    if (!/-/.test(r.lexeme) || /[./]/.test(r.lexeme)) continue;
    const n = r.lexeme.split('-').length;
    const found = new Set<string>();
    for (const p of r.positions) for (let i = 1; i <= n; i++) if (at.has(p + i)) found.add(at.get(p + i)!);
    parts.set(r.lexeme, [...found]);
  }
  return parts;
}

/**
 * The question's lexemes (PostgreSQL does stemming and stopwords) with their weights in this bot, and
 * the bot's statistics (kept at index time: one lookup, the same cost for a new question as for a
 * repeated one).
 */
export async function analyseQuestion(
  db: Queryable,
  chatbotId: string,
  text: string,
  p: RetrievalParams,
): Promise<{ terms: QueryTerm[]; stats: CorpusStats; config: string }> {
  // One statement: the bot's languages, the question's lexemes and their statistics (questionRead.ts).
  const { config, lexemes: rows, joins, closed, compounds, languages, read } = await readQuestion(db, chatbotId, text);
  const seen = new Set<string>();
  const picked: Picked[] = [];
  const add = (lexeme: string, positions: number[], general: boolean, parts: string[] = [], whole?: string) => {
    if (seen.has(lexeme)) return;
    seen.add(lexeme);
    picked.push({ lexeme, positions, parts, general, whole });
  };
  const general = new Set(rows.filter((r) => !r.content).map((r) => r.lexeme));
  const hyphenated = hyphenParts(rows);
  for (const r of [...rows].sort((a, b) => Math.min(...a.positions) - Math.min(...b.positions))) {
    const parts = (r.parts ?? hyphenated.get(r.lexeme) ?? []).filter((x) => x !== r.lexeme);
    add(r.lexeme, r.positions, general.has(r.lexeme), parts);
    for (const x of parts) add(x, r.positions, general.has(x), [], r.lexeme);
  }
  const useful = picked.filter((x) => x.lexeme.length > 1);
  const chosen = (useful.length > 0 ? useful : picked).slice(0, MAX_QUERY_TERMS);
  if (chosen.length === 0) return { terms: [], stats: { total: 0, df: new Map(), meanChunkLength: 1, meanPageLength: 1 }, config };

  // A compound's possible parts were read with the question's words, in the same statement.
  const splitting = splitsCompounds(config);
  const parts = splitting ? chosen.flatMap((r) => (r.parts.length === 0 && r.whole === undefined ? partCandidates(r.lexeme) : [])) : [];
  const trims = chosen.flatMap((r) => withoutLeftover(r.lexeme, config) ?? []);
  const closedLexemes = closed.map((k) => k.lexeme);
  const stats = await statsOf(db, chatbotId, read, [
    ...new Set([
      ...chosen.map((r) => r.lexeme),
      ...parts,
      ...joins,
      ...trims,
      ...closedLexemes,
      ...(languages.word ? [languages.word] : []),
    ]),
  ]);
  await readSlips(db, chatbotId, text, chosen, stats, config);
  if (splitting) readCompounds(chosen, stats.df);
  readSeparableVerbs(chosen, joins, stats.df);
  readSiteCompounds(chosen, compounds, stats);
  readLeftovers(chosen, stats.df, config);
  readClosedWords(chosen, closed, stats);
  readLanguageNames(chosen, languages, stats.df);
  const { total, df } = stats;
  const has = (lx: string) => (df.get(lx) ?? 0) > 0;
  const terms = chosen.map((r): QueryTerm => {
    const d = df.get(r.lexeme) ?? 0;
    const w = idf(Math.max(d, 1), total);
    const base = { lexeme: r.lexeme, positions: r.positions, df: d, idf: w, ...(r.whole !== undefined ? { whole: r.whole } : {}) };
    // A compound comes with its parts as terms of their own: counting it fully as well would
    // score the same words twice. Found as written, it still adds to the score.
    if (r.parts.some(has)) return { ...base, scoreWeight: d > 0 ? 0.3 * w : 0, coverageWeight: 0 };
    // A separated verb joined (readSeparableVerbs): a page that writes it so says the question's
    // action; one that writes the verb apart ("setzen Sie … zurück") says it too, so missing the
    // joined word is no gap in the page's coverage.
    if (r.joined) return { ...base, scoreWeight: w, coverageWeight: 0 };
    // Another reading of a question's word that the site writes (a compound of it, or its other
    // stem) says that word: it weighs as the word does (or as itself, when it is the more common),
    // and a page without it misses nothing, the word itself being counted.
    if (r.variantOf !== undefined)
      return { ...base, scoreWeight: Math.min(w, idf(Math.max(df.get(r.variantOf) ?? 1, 1), total)), coverageWeight: 0 };
    // A word the site never uses marks a part of the question the site cannot answer: it weighs
    // as much as the rarest word the site has, counted up to twice. Not a general English word
    // (that a site never says "actually" tells nothing), nor a number: a value the question quotes
    // (an error code, an output) is often one no page prints, which says nothing about coverage.
    if (d === 0 && isNumeric(r.lexeme)) return { ...base, scoreWeight: 0, coverageWeight: 0 };
    // A part the site never uses on its own, of a compound it does use ("sitemap" of
    // "sitemap.xml"): the compound carries the meaning, and the part is no sign of a gap.
    if (d === 0 && r.whole !== undefined && has(r.whole)) return { ...base, scoreWeight: 0, coverageWeight: 0 };
    // A language's name the site never writes, where it writes "language" (readLanguageNames).
    if (d === 0 && r.readAs !== undefined && has(r.readAs)) return { ...base, scoreWeight: 0, coverageWeight: 0 };
    // Weighed above other words only where a word list tells a word the site lacks from another
    // form of one it writes (English's: spelling.ts); in another language an unseen inflection
    // ("aufgenommen" on pages that say "aufnehmen") is as likely, and it counts as one word.
    const unknown = d === 0 && !r.general && config === DEFAULT_TEXT_CONFIG ? unknownTermWeight(total) : 1;
    const g = r.general ? p.generalWordWeight : 1;
    return { ...base, scoreWeight: w * g, coverageWeight: coverageWeightOf(r.lexeme) * unknown * (r.general ? p.generalWordCoverage : 1) };
  });
  return { terms, stats, config };
}

/**
 * Words the site never uses that are a visitor's typing slips of words it does use (spelling.ts)
 * are read as those words, in place: same positions in the question, the corrected word's
 * statistics.
 */
async function readSlips(
  db: Queryable,
  chatbotId: string,
  text: string,
  chosen: { lexeme: string; general: boolean; whole?: string; parts: string[] }[],
  stats: CorpusStats,
  config: string,
): Promise<void> {
  if (stats.total === 0) return;
  const unknown = new Set(
    chosen
      .filter((r) => !stats.df.get(r.lexeme) && r.whole === undefined && r.parts.length === 0 && !isNumeric(r.lexeme))
      .map((r) => r.lexeme),
  );
  if (unknown.size === 0) return;
  const fixes = await correctSlips(db, chatbotId, text, unknown, config);
  for (let i = chosen.length - 1; i >= 0; i--) {
    const r = chosen[i]!;
    const fix = fixes.get(r.lexeme);
    if (!fix) continue;
    // A slip of a stopword, or of a word the question says anyway, drops out.
    if (fix.to === undefined || chosen.some((o) => o.lexeme === fix.to)) {
      chosen.splice(i, 1);
      continue;
    }
    r.lexeme = fix.to;
    r.general = generalWordsFor(config)?.has(fix.word) ?? false;
    stats.df.set(fix.to, fix.df);
  }
}
