import { fill, type ReplyTexts } from '../../../../shared/src/messages/index.js';
import { reply as english } from '../../../../shared/src/messages/en.js';
import { inertMarkdown } from './inert.js';
import type { Lexer } from './lexer.js';
import { headingLabel, renderWindow } from './render.js';
import type { SectionText } from './sections.js';
import { isTitleLine, toUnits } from './sentences.js';
import { announces, isBlock } from './unitSize.js';
import { scatteredOverItems } from './listItems.js';
import { dangles } from './leadIn.js';
import { bestWindow, extendWindow, type LexedUnit, type Window, type WindowQuery } from './window.js';
import type { PageHit, QueryTerm } from '../types.js';
import { EXTRACTIVE_PARAMS } from './params.js';

/**
 * The answerer used when no LLM is configured (the embedded default): the passage of the retrieved
 * sections that says the most of the question, quoted whole from a sentence start under its heading,
 * with a citation link, and at most two short quotes from other passages (other sections, or its own
 * section before or after it) that add what it lacks. It never writes a word of its own about the
 * subject, so it cannot make things up. The sources are returned beside the text (`cited`), and the
 * chat shows them once, under the answer.
 */

/** The plain decline, in English (a bot's own language's is in shared/src/messages/). */
export const NOT_COVERED_ANSWER = english.notCovered;

/** The decline for a question about names the site never writes (retrieval/absentNames.ts), in English. */
export const notMentionedAnswer = (names: string): string => fill(english.notMentioned, { names });

export interface ExtractiveAnswer {
  markdown: string;
  /** Pages cited in the answer, in citation order. */
  cited: PageHit[];
}

/** One retrieved chunk as units, with the page it is on. */
interface Section {
  page: number;
  units: LexedUnit[];
}

// The knobs, with why each has its value: params.ts.
const {
  mainWords: MAIN_WORDS,
  supportWords: SUPPORT_WORDS,
  maxSupports: MAX_SUPPORTS,
  keepShare: KEEP_SHARE,
  nearDuplicate: NEAR_DUPLICATE,
  minScore: MIN_SCORE,
  placementWordCost: PLACEMENT_WORD_COST,
  howCodeBonus: HOW_CODE_BONUS,
  otherPageShare: OTHER_PAGE_SHARE,
} = EXTRACTIVE_PARAMS;

const HOW_QUESTION = /\b(how|way|example|code|write|make|use|create|set ?up|install|run|get|convert|implement)\b/i;

export async function extractiveAnswer(
  question: string,
  terms: QueryTerm[],
  pages: PageHit[],
  lex: Lexer,
  /** The language of the few words of its own it writes (the decline, "Also:"). */
  texts: ReplyTexts = english,
): Promise<ExtractiveAnswer> {
  if (pages.length === 0 || terms.length === 0) return { markdown: texts.notCovered, cited: [] };

  const joined = (await lex.sections?.(pages.flatMap((p) => p.chunks.map((c) => c.id)))) ?? new Map<string, SectionText>();
  const read = new Set<string>();
  const chunkUnits = pages.flatMap((p, page) =>
    p.chunks.flatMap((c) => {
      const { content, headingPath } = joined.get(c.id) ?? c;
      // Two retrieved chunks of one section read as the same text once.
      if (read.has(content)) return [];
      read.add(content);
      return [{ page, units: toUnits(content, p.url, headingPath) }];
    }),
  );
  // Each section's page title and heading path, lexed once.
  const contextKeys = [...new Set(chunkUnits.flatMap(({ page, units }) => units.map((u) => contextKey(page, u.heading))))];
  const all = chunkUnits.flatMap((c) => c.units);
  // A subsection's own heading (the last of its path) says what the section is about.
  const ownHeading = (k: string) => {
    const path = k.slice(k.indexOf('\n') + 1);
    return path.includes(' > ') ? path.slice(path.lastIndexOf(' > ') + 3) : '';
  };
  // A described term is shown with its description (see Unit.term), so its words count as the unit's.
  const lexed = await lex([
    ...all.map((u) => (u.term ? `${u.term}\n${u.plain}` : u.plain)),
    ...contextKeys.map((k) => `${pages[Number(k.split('\n', 1)[0])]!.title}\n${k.slice(k.indexOf('\n') + 1)}`),
    ...contextKeys.map(ownHeading),
  ]);
  const contexts = new Map(contextKeys.map((k, i) => [k, lexed[all.length + i] ?? new Set<string>()]));
  const owns = new Map(contextKeys.map((k, i) => [k, lexed[all.length + contextKeys.length + i] ?? new Set<string>()]));
  let next = 0;
  const sections: Section[] = chunkUnits.map(({ page, units }) => ({
    page,
    units: units.map((unit) => ({ unit, lexemes: lexed[next++] ?? new Set<string>() })),
  }));

  const weight = new Map(terms.map((t) => [t.lexeme, t.idf * Math.max(t.coverageWeight, 0.2)]));
  const totalWeight = [...weight.values()].reduce((a, b) => a + b, 0) || 1;
  // A heading counts as the section's subject only when it names the question's weightiest word.
  const weightiest = [...weight].sort((a, b) => b[1] - a[1])[0]?.[0];
  const headedBy = (own: Set<string> | undefined): Set<string> => (own && weightiest && own.has(weightiest) ? own : new Set());
  const wantsHow = HOW_QUESTION.test(question);
  // Retrieval ranked the pages on more evidence than one passage has (titles, headings, several
  // passages, the page's whole text): a passage counts in proportion to its page's standing.
  const bestPage = Math.max(pages[0]!.score, 1e-9);
  const pagePrior = pages.map((p) => Math.max(0, Math.min(1, p.score / bestPage)));
  const query = (page: number, maxWords: number, blocks: boolean): WindowQuery => ({
    weight,
    totalWeight,
    context: (heading) => contexts.get(contextKey(page, heading)) ?? new Set(),
    own: (heading: string) => headedBy(owns.get(contextKey(page, heading))),
    overviews: true,
    maxWords,
    maxBlocks: 1,
    blocks,
  });

  const ranked = sections
    .map((section) => {
      const q = query(section.page, MAIN_WORDS, true);
      const w = bestWindow(section.units, q);
      if (!w) return undefined;
      const hasCode = section.units.slice(w.start, w.end + 1).some((u) => u.unit.kind === 'code');
      const score = w.score * pagePrior[section.page]! * (wantsHow && hasCode ? HOW_CODE_BONUS : 1);
      return { section, q, window: w, score, placed: score * OTHER_PAGE_SHARE ** section.page };
    })
    .filter((r) => r !== undefined)
    .sort((a, b) => b.placed - a.placed);
  // A page offered only because plain BM25 ranks it first may be cited, never lead (retrieval/pages.ts).
  const main = ranked.find((r) => !pages[r.section.page]!.plainFirst);
  if (!main || main.score < MIN_SCORE) return { markdown: texts.notCovered, cited: [] };

  // Citation numbers follow first appearance in the answer.
  const cited: PageHit[] = [];
  const cite = (page: number) => {
    let n = cited.indexOf(pages[page]!);
    if (n < 0) n = cited.push(pages[page]!) - 1;
    return `[[${n + 1}]](${pages[page]!.url})`;
  };

  const placed = bestWindow(main.section.units, { ...main.q, wordCost: PLACEMENT_WORD_COST }) ?? main.window;
  const mainWindow = extendWindow(main.section.units, { ...placed, score: main.window.score }, main.q);
  const parts = [`**${headingLabel(main.section.units[mainWindow.start]!.unit.heading, pages[main.section.page]!.title)}**`];
  parts.push(...renderWindow(main.section.units, mainWindow, cite(main.section.page), texts));

  const supports = supportingQuotes(
    sections,
    { ...main, window: mainWindow },
    (page, blocks) => query(page, SUPPORT_WORDS, blocks),
    pagePrior,
  );
  if (supports.length) {
    parts.push(texts.also);
    for (const s of supports) {
      const rendered = renderWindow(s.section.units, s.window, cite(s.section.page), texts, false);
      // A quote that opens with code or a table is introduced by its section's name: a bullet
      // cannot open with a block.
      if (/^(```|\|)/.test(rendered[0]!)) {
        const heading = s.section.units[s.window.start]!.unit.heading;
        rendered.unshift(`**${headingLabel(heading, pages[s.section.page]!.title)}**`);
      }
      const [first, ...rest] = rendered;
      parts.push(first!.startsWith('- ') ? first! : `- ${first}`, ...rest);
    }
  }
  return { markdown: inertMarkdown(parts.join('\n\n')), cited };
}

const contextKey = (page: number, heading: string) => `${page}\n${heading}`;

/**
 * Short quotes from other retrieved sections, or from the main quote's own section before or after
 * it, that say the question's terms too, best first: an answer that draws on more than one place
 * gives the visitor more to go on. A quote that says what
 * the main one (or an earlier quote) says again is skipped.
 */
function supportingQuotes(
  sections: Section[],
  main: { section: Section; window: Window; score: number },
  query: (page: number, blocks: boolean) => WindowQuery,
  pagePrior: number[],
): { section: Section; window: Window }[] {
  const shown = [main.section.units.slice(main.window.start, main.window.end + 1)];
  let blocks = shown[0]!.some((u) => isBlock(u.unit));
  const others = sections.filter((s) => s !== main.section).map((section) => windowIn(section, query(section.page, !blocks)));
  const candidates = [...ownSectionWindows(main, query(main.section.page, !blocks)), ...others]
    .map((c) => c && { ...c, score: c.window.score * pagePrior[c.section.page]! })
    .filter((c) => c !== undefined && c.score >= main.score * KEEP_SHARE)
    .sort((a, b) => b!.score - a!.score);
  const out: { section: Section; window: Window }[] = [];
  for (const found of candidates) {
    if (out.length >= MAX_SUPPORTS) break;
    // Read whole, as the main quote is, within the support's budget; code or a table only when a
    // sentence of the quote announces it ("like so:"), not because it happens to follow. An
    // announced block is shown even when the answer has one already: "set these parameters:"
    // without them names the fact and withholds it.
    const sq = query(found!.section.page, !blocks);
    const c = { ...found!, window: extendWindow(found!.section.units, found!.window, { ...sq, blocks: false }, { ...sq, blocks: true }) };
    const units = c.section.units.slice(c.window.start, c.window.end + 1);
    // A run of titles (a table of contents) names where the answer is without saying it.
    if (units.every((u) => isTitleLine(u.unit))) continue;
    if (scatteredOverItems(units, sq.weight)) continue;
    // One sentence announcing what the page does not go on with here: a colon and nothing after it.
    if (c.window.start === c.window.end && dangles(c.section.units, c.window.end)) continue;
    if (units.some((u) => shown.some((quoted) => quoted.some((q) => jaccard(q.lexemes, u.lexemes) >= NEAR_DUPLICATE)))) continue;
    if (units.some((u) => isBlock(u.unit))) {
      if (blocks && !endsAnnounced(units)) continue;
      blocks = true;
    }
    shown.push(units);
    out.push(c);
  }
  return out;
}

/** The quote ends with the one code block or table its last sentence announces ("… einrichten:"). */
function endsAnnounced(units: LexedUnit[]): boolean {
  const blocks = units.filter((u) => isBlock(u.unit));
  const [last, before] = [units.at(-1)?.unit, units.at(-2)?.unit];
  return blocks.length === 1 && last !== undefined && isBlock(last) && announces(before, last);
}

/** The best window of a section's units from `from` to before `to`, in the section's own indexes. */
function windowIn(section: Section, q: WindowQuery, from = 0, to = section.units.length): { section: Section; window: Window } | undefined {
  const w = bestWindow(section.units.slice(from, to), q);
  return w && { section, window: { ...w, start: w.start + from, end: w.end + from } };
}

/**
 * The best windows of the main quote's own section before and after it: a long section often states
 * the fact a few sentences past what the main quote could hold ("After that, … with git stash pop:").
 */
function ownSectionWindows(main: { section: Section; window: Window }, q: WindowQuery) {
  return [windowIn(main.section, q, 0, main.window.start), windowIn(main.section, q, main.window.end + 1)];
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}
