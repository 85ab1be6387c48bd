import type { FastifyBaseLogger } from 'fastify';
import type { AnswerOutcome, Answerer, BotSettings } from '../answerer.js';
import { recentTurns } from './history.js';
import { closeInterruptedTurn } from './interrupted.js';
import { isDefaultConversationTitle } from '../../../../shared/src/contract/titles.js';
import { titleFromQuestion } from './title.js';
import { readSmallTalk } from '../smallTalk.js';
import { repliesFor } from '../../../../shared/src/messages/detect.js';
import { reply as english } from '../../../../shared/src/messages/en.js';
import type { Db } from '../../db/db.js';
import { renameConversation } from '../../db/repositories/conversations.js';
import type { MessageCache } from '../../db/repositories/messageCache.js';
import { appendMessage, type MessageRow } from '../../db/repositories/messages.js';

export const FAILED_ANSWER = english.failedAnswer;
/** Stored in place of an answer the database refused twice, so the question does not hang unanswered. */
export const UNSAVED_ANSWER = english.unsavedAnswer;

export interface TurnInput {
  conversation: { id: string; title: string };
  bot: BotSettings;
  question: string;
}

export interface TurnResult {
  userMessage: MessageRow;
  /** The stored answer: the real one, or UNSAVED_ANSWER; absent only when nothing could be stored. */
  assistantMessage?: MessageRow;
  /** Why the answer is not complete (for the SSE `error` event); absent when it is. */
  error?: string;
  /** Why nothing could be stored after the question (a full disk answers 503, not 500). */
  storeFailure?: unknown;
}

/**
 * One question and its answer. The caller runs it in the conversation's TurnQueue so turns never
 * interleave. Throws only if the question itself cannot be stored (then nothing was added);
 * after that every failure still leaves an assistant message behind the question when the
 * database allows it.
 */
export async function takeTurn(
  deps: { db: Db; messageCache: MessageCache; answerer: Answerer; log: FastifyBaseLogger },
  input: TurnInput,
  onDelta: (delta: string) => Promise<void> | void,
): Promise<TurnResult> {
  const { db, messageCache: cache, log } = deps;
  const conversationId = input.conversation.id;
  // We hold the turn, so a question left at the end was lost with the process that held it before.
  await closeInterruptedTurn(db, cache, conversationId).catch((err: unknown) => log.warn({ err }, 'closing an interrupted turn failed'));
  const history = await recentTurns(db, conversationId);
  const userMessage = await appendMessage(db, cache, conversationId, { role: 'user', content: input.question });
  // Titled by its first question; a greeting before it ("hi") leaves the default title for it to replace.
  const firstQuestion = !readSmallTalk(input.question) && history.every((t) => t.role !== 'user' || readSmallTalk(t.content));
  if (firstQuestion && isDefaultConversationTitle(input.conversation.title)) {
    // A missed title is cosmetic: never lose the answer over it.
    await renameConversation(db, conversationId, titleFromQuestion(input.question)).catch((err) =>
      log.warn({ err }, 'renaming the conversation failed'),
    );
  }

  // Failure notes in the language the answer would have been in (answerer.ts).
  const t = repliesFor(input.bot.language, input.question);
  let streamed = '';
  const pass = async (delta: string) => {
    streamed += delta;
    await onDelta(delta);
  };
  let outcome: AnswerOutcome;
  try {
    outcome = await drain(deps.answerer.answer({ bot: input.bot, question: input.question, history }), pass);
  } catch (err) {
    // Retrieval or the database failed: apologise so the question is not left hanging. The apology
    // is streamed too, so the stored text is still exactly what the visitor saw.
    log.error({ err }, 'answering failed');
    await pass((streamed ? '\n\n' : '') + t.failedAnswer);
    outcome = { content: streamed, sources: [], retrieved: [], error: t.errorIncomplete };
  }

  const stored = await storeAnswer(db, cache, conversationId, outcome, log, t.unsavedAnswer);
  if (!stored.saved) return { userMessage, assistantMessage: stored.message, error: t.errorUnsaved, storeFailure: stored.failure };
  return { userMessage, assistantMessage: stored.message, error: outcome.error };
}

/**
 * Store the answer, retrying once: appendMessage is one transaction, so a failed attempt left
 * nothing behind. (On PostgreSQL a COMMIT whose reply was lost could in theory be stored twice;
 * rare enough to accept over a question left unanswered.) If both attempts fail, store the short
 * UNSAVED_ANSWER instead, which also gets past content the database rejects. If even that fails the
 * database is down: the thread then ends on the question until the visitor asks again.
 */
async function storeAnswer(
  db: Db,
  cache: MessageCache,
  conversationId: string,
  outcome: AnswerOutcome,
  log: FastifyBaseLogger,
  unsavedNote = UNSAVED_ANSWER,
): Promise<{ message?: MessageRow; saved: boolean; failure?: unknown }> {
  const answer = {
    role: 'assistant' as const,
    content: outcome.content,
    sources: outcome.sources.map(({ url, title, snippet }) => ({ url, title, snippet })),
    ...(outcome.outcome && !outcome.error ? { outcome: outcome.outcome } : {}),
  };
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return { message: await appendMessage(db, cache, conversationId, answer), saved: true };
    } catch (err) {
      log.error({ err, attempt }, 'storing the answer failed');
    }
  }
  try {
    return { message: await appendMessage(db, cache, conversationId, { role: 'assistant', content: unsavedNote }), saved: false };
  } catch (err) {
    log.error({ err }, 'storing the failure note failed');
    return { saved: false, failure: err };
  }
}

/** Run the answer to its end, passing each delta on (and waiting for it); returns the final message. */
export async function drain(
  run: AsyncGenerator<{ type: 'token'; delta: string }, AnswerOutcome>,
  onDelta?: (delta: string) => Promise<void> | void,
): Promise<AnswerOutcome> {
  for (;;) {
    const step = await run.next();
    if (step.done) return step.value;
    await onDelta?.(step.value.delta);
  }
}
