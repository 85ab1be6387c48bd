import type { Source } from '../../../shared/src/api/types.js';
import { CitationRenumberer } from './generation/citations.js';
import { extractiveAnswer, NOT_COVERED_ANSWER } from './extractive/extractive.js';
import { declineOffTopic } from './retrieval/offTopic.js';
import { fill, listOr } from '../../../shared/src/messages/index.js';
import { detectLanguage, repliesFor } from '../../../shared/src/messages/detect.js';
import { reply as english } from '../../../shared/src/messages/en.js';
import { wordListFor } from '../language/words.js';
import { DEFAULT_TEXT_CONFIG } from '../language/configs.js';
import type { Lexer } from './extractive/lexer.js';
import { LlmError, type LlmClient } from '../provider/chat.js';
import { buildPrompt } from './generation/prompt.js';
import { readSmallTalk, smallTalkReply } from './smallTalk.js';
import { toPlain } from './extractive/sentences.js';
import { withoutFencedCode } from '../text/markdown.js';
import type { Evidence, PageHit, Retrieval, Retriever } from './types.js';

/** What the answerer needs to know about the bot. */
export interface BotSettings {
  id: string;
  name: string;
  system_prompt: string;
  response_format: string;
  rag_enabled: boolean;
  /** The bot's language (a primary code such as 'de'); its fixed replies are in it (shared/src/messages/). */
  language?: string | null;
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerRequest {
  bot: BotSettings;
  question: string;
  history: Turn[];
  /** Distinct pages to retrieve (default 5). */
  topK?: number;
  signal?: AbortSignal;
}

export type AnswerEvent = { type: 'token'; delta: string };

export interface AnswerOutcome {
  /** Exactly the concatenation of the streamed deltas. */
  content: string;
  sources: Source[];
  /** Every page retrieval found relevant (distinct, best first), cited or not. */
  retrieved: Source[];
  /** Set when the answer was cut short (the content then ends with a note saying so). */
  error?: string;
  /** What retrieval's evidence supported (retrieval/floor.ts); undefined when retrieval was off. */
  outcome?: Evidence;
}

// The fixed replies, in English; a bot speaks its own language (or the question's) from the catalogue.
export const RAG_OFF_NO_LLM_ANSWER = english.ragOffNoLlm;
export const LLM_UNAVAILABLE_ANSWER = english.llmUnavailable;
/**
 * Weak evidence: the site has pages near the question but no passage that clearly answers it. Said
 * plainly first; what follows is the closest the site has, quoted and cited, never presented as the answer.
 */
export const UNSURE_INTRO = english.unsureIntro;
const note = (text: string) => `\n\n${text}`;
export const INTERRUPTED_NOTE = note(english.interruptedNote);
export const TOO_LONG_NOTE = note(english.tooLongNote);
/** Default cap on an LLM answer's characters (LLM_MAX_ANSWER_CHARS). */
export const MAX_ANSWER_CHARS = 20_000;

export interface AnswererDeps {
  retriever: Retriever;
  lexer: Lexer;
  llm?: LlmClient;
  /**
   * Longest LLM answer kept. A model that never stops (a loop, or a page telling it to write a
   * book) would otherwise fill the visitor's screen and the database for as long as the timeout.
   */
  maxAnswerChars?: number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Retrieval → generation, as a stream of token events whose return value is the final message.
 * With an LLM: a prompt of numbered passages, falling back to the extractive answer if the LLM fails
 * before saying anything. Without one: the extractive answer, streamed in word-sized pieces so the
 * chat UI behaves the same. Retrieval's evidence picks one of three outcomes (retrieval/floor.ts):
 * nothing relevant → the same plain refusal in both modes (NOT_COVERED_ANSWER), no sources, and the
 * LLM is not asked; weak evidence → without an LLM, UNSURE_INTRO and then the closest passages,
 * quoted and cited (an LLM is given those pages and may answer from them or say it cannot); strong →
 * an answer.
 */
export class Answerer {
  constructor(private readonly deps: AnswererDeps) {}

  async *answer(req: AnswerRequest): AsyncGenerator<AnswerEvent, AnswerOutcome, undefined> {
    let content = '';
    const emit = (delta: string): AnswerEvent => {
      content += delta;
      return { type: 'token', delta };
    };
    // Fixed texts in the bot's language, or the question's when clearly another of the catalogue's.
    const t = repliesFor(req.bot.language, req.question);
    // A greeting, thanks or goodbye is answered as such, in both modes, and is not a question: no
    // search, no sources, no outcome (smallTalk.ts).
    const talk = req.bot.rag_enabled ? readSmallTalk(req.question) : undefined;
    if (talk) {
      yield* words(smallTalkReply(talk, t), emit);
      return { content, retrieved: [], sources: [] };
    }

    const retrieval = req.bot.rag_enabled ? await this.retrieve(req) : undefined;
    const outcome = retrieval?.outcome;
    const retrieved = retrieval && outcome !== 'none' ? retrieval.pages.map(toSource) : [];

    if (retrieval && outcome === 'none') {
      // Nothing relevant on the site: refuse without asking the LLM, so a refusal never depends on
      // the model resisting the urge to answer from its own knowledge. Names the site never writes
      // are said, so the visitor knows what is missing.
      yield* words(retrieval.absent?.length ? fill(t.notMentioned, { names: listOr(retrieval.absent, t) }) : t.notCovered, emit);
      return { content, retrieved, sources: [], outcome };
    }

    if (this.deps.llm) {
      const pages = retrieval?.pages;
      const messages = buildPrompt({
        botName: req.bot.name,
        systemPrompt: req.bot.system_prompt,
        responseFormat: req.bot.response_format,
        pages,
        history: req.history,
        question: req.question,
        replyLanguage: detectLanguage(req.question) ?? req.bot.language,
      });
      // Citations are renumbered in order of first use, so the text's [n] is the Sources list's n.
      const citations = new CitationRenumberer(pages?.length ?? 0);
      let heard = false;
      const cap = this.deps.maxAnswerChars ?? MAX_ANSWER_CHARS;
      // Aborted at the cap, so the model's request is closed rather than left running.
      const enough = new AbortController();
      const signal = req.signal ? AbortSignal.any([req.signal, enough.signal]) : enough.signal;
      try {
        for await (const delta of this.deps.llm.stream(messages, signal)) {
          heard ||= delta.length > 0;
          const shown = citations.push(delta);
          if (content.length + shown.length > cap) {
            const fits = shown.slice(0, cap - content.length);
            if (fits) yield emit(fits);
            enough.abort();
            yield emit(note(t.tooLongNote));
            return {
              content,
              retrieved,
              sources: citedPages(content, pages ?? [], citations.cited()),
              error: t.errorTooLong,
            };
          }
          if (shown) yield emit(shown);
        }
        const tail = citations.end();
        if (tail) yield emit(tail);
        return { content, retrieved, sources: citedPages(content, pages ?? [], citations.cited()), outcome };
      } catch (err) {
        const failure = err instanceof LlmError ? err : new LlmError(String(err), heard);
        this.deps.log?.warn({ err: failure.message, status: failure.status }, 'language model failed');
        if (heard) {
          const tail = citations.end();
          if (tail) yield emit(tail);
          yield emit(note(t.interruptedNote));
          return {
            content,
            retrieved,
            sources: citedPages(content, pages ?? [], citations.cited()),
            error: t.errorInterrupted,
            outcome,
          };
        }
        if (!retrieval) {
          yield* words(t.llmUnavailable, emit);
          return { content, retrieved, sources: [], error: t.errorLlm };
        }
        // Nothing said yet: the extractive answer is still a good, honest answer.
      }
    }

    if (!retrieval) {
      yield* words(t.ragOffNoLlm, emit);
      return { content, retrieved, sources: [] };
    }
    // Sentences are stemmed as the question was (its configuration: language/queryConfig.ts).
    const lexer = (retrieval.textConfig && this.deps.lexer.inConfig?.(retrieval.textConfig)) || this.deps.lexer;
    const extractive = await extractiveAnswer(req.question, retrieval.terms, retrieval.pages, lexer, t);
    if (extractive.cited.length === 0) {
      // No passage says enough to quote: a plain decline, never the "closest I found" intro over it.
      yield* words(extractive.markdown, emit);
      return { content, retrieved, sources: [], outcome: 'none' };
    }
    if (outcome === 'unsure') yield* words(`${t.unsureIntro}\n\n`, emit);
    yield* words(extractive.markdown, emit);
    // `cited` is in citation order, so source n is the page the text cites as [n].
    return { content, retrieved, sources: extractive.cited.map(toSource), outcome };
  }

  /**
   * Retrieval for the question; a short follow-up without an answer is retried with the previous
   * question. A question about something other than the passages found is declined
   * (retrieval/offTopic.ts).
   */
  private async retrieve(req: AnswerRequest): Promise<Retrieval> {
    const found = await this.retrieveWithHistory(req);
    const [words, english] = await Promise.all([wordListFor(found.textConfig), wordListFor(DEFAULT_TEXT_CONFIG)]);
    return declineOffTopic(req.question, found, { words, english });
  }

  private async retrieveWithHistory(req: AnswerRequest): Promise<Retrieval> {
    const opts = { pages: req.topK ?? 5, chunksPerPage: 2 };
    const first = await this.deps.retriever.retrieve(req.bot.id, req.question, opts);
    if (first.outcome === 'answer') return first;
    const previous = [...req.history].reverse().find((t) => t.role === 'user');
    if (!previous || req.question.length > 200) return first;
    const followUp = await this.deps.retriever.retrieve(req.bot.id, `${previous.content.slice(0, 500)} ${req.question}`, opts);
    // Only an answer counts: the previous question's words alone would make any new topic look "near".
    return followUp.outcome === 'answer' ? followUp : first;
  }
}

/** Word-sized deltas (a word with its trailing space), yielding to the event loop now and then. */
async function* words(text: string, emit: (d: string) => AnswerEvent): AsyncGenerator<AnswerEvent> {
  const pieces = text.match(/\s*\S+\s*/g) ?? [text];
  for (let i = 0; i < pieces.length; i++) {
    yield emit(pieces[i]!);
    if (i % 32 === 31) await new Promise((r) => setImmediate(r));
  }
}

/**
 * The pages an LLM answer cites, in citation order (`order`: 0-based passage indexes from
 * CitationRenumberer); the same rules as citedSources when it cited none.
 */
export function citedPages(content: string, pages: PageHit[], order: number[]): Source[] {
  return order.length > 0 ? order.map((i) => toSource(pages[i]!)) : citedSources(content, pages);
}

/** Pages the LLM cited with [n]; all offered pages when it cited none (it still used them). */
export function citedSources(content: string, pages: PageHit[]): Source[] {
  const cited = new Set<number>();
  for (const m of content.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= pages.length) cited.add(n - 1);
  }
  if (/couldn't find|can't find|cannot find|do(?:es)? not cover|don't cover|not covered/i.test(content) && cited.size === 0) return [];
  const chosen = cited.size ? [...cited].sort((a, b) => a - b).map((i) => pages[i]!) : pages;
  return chosen.map(toSource);
}

export function toSource(page: PageHit): Source {
  return { url: page.url, title: page.title, snippet: snippet(page.chunks[0]?.content ?? ''), score: Math.round(page.score * 1000) / 1000 };
}

function snippet(markdown: string, max = 220): string {
  const plain = toPlain(withoutFencedCode(markdown));
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6))}…`;
}

export { NOT_COVERED_ANSWER };
