import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { Answerer } from './answerer.js';
import { databaseLexer } from './extractive/lexer.js';
import { createLlmClient } from '../provider/chat.js';
import type { RetrievalParams } from './retrieval/params.js';
import { FullTextRetriever } from './retrieval/retriever.js';
import { createSemanticLegs } from './retrieval/semanticLegs.js';
import { createVectorSearch } from './retrieval/vectorSearch.js';
import { englishWords } from '../text/englishWords.js';

/**
 * The answering stack for one process: retriever (with vectors when configured), lexer, LLM or not.
 * `params` replaces retrieval parameters (the evaluation's --params); the product uses the defaults.
 */
export function createAnswerer(
  config: Config,
  db: Db,
  log?: { warn(obj: object, msg: string): void },
  params?: Partial<RetrievalParams>,
): Answerer {
  // The word list that tells typing slips from words (retrieval/spelling.ts) is read now, in the
  // background, rather than by the first visitor whose question has a slip.
  englishWords().catch((err: unknown) => log?.warn({ err: String(err) }, 'the English word list could not be read'));
  return new Answerer({
    retriever: new FullTextRetriever(db, createVectorSearch(config, db), { params, legs: createSemanticLegs(config, db) }),
    lexer: databaseLexer(db),
    llm: createLlmClient(config),
    maxAnswerChars: config.LLM_MAX_ANSWER_CHARS,
    log,
  });
}
