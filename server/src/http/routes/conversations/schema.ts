import { z } from 'zod';
import { REQUESTS, uuidSchema } from '../schemas.js';

/** The visitor's queries (shared/src/contract/querySchemas.ts). */
export { messageListQuerySchema, visitorQuerySchema } from '../../../../../shared/src/contract/querySchemas.js';

export const createConversationSchema = REQUESTS.createConversation;

export const conversationParamsSchema = z.object({ id: uuidSchema, conversationId: uuidSchema });
