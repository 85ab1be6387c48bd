import { REQUESTS } from '../schemas.js';

/** The visitor's question and the owner's test question (shared/src/contract/requestSchemas.ts). */
export { MAX_QUESTION_CHARS } from '../../../../../shared/src/contract/requestSchemas.js';
export const sendMessageSchema = REQUESTS.sendMessage;
export const querySchema = REQUESTS.query;
