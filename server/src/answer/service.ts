import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { Answerer } from './answerer.js';
import { databaseLexer } from './extractive/lexer.js';
import { createLlmClient } from '../provider/chat.js';
import type { RetrievalParams } from './retrieval/params.js';
import { FullTextRetriever } from './retrieval/retriever.js';
import { createVectorSearch } from './retrieval/vectorSearch.js';

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
  return new Answerer({
    retriever: new FullTextRetriever(db, createVectorSearch(config, db), { params }),
    lexer: databaseLexer(db),
    llm: createLlmClient(config),
    maxAnswerChars: config.LLM_MAX_ANSWER_CHARS,
    log,
  });
}
