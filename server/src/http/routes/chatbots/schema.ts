import { REQUESTS } from '../schemas.js';

/** The owner's settings of a bot (shared/src/contract/requestSchemas.ts). */
export { MAX_GREETING_CHARS, MAX_STARTERS, MAX_STARTER_CHARS } from '../../../../../shared/src/contract/requestSchemas.js';
export const chatbotPatchSchema = REQUESTS.chatbotPatch;
export const promptsPatchSchema = REQUESTS.promptsPatch;
