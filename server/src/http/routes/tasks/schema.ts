import { z } from 'zod';
import { uuidSchema } from '../schemas.js';

/** The owner's task list query (shared/src/contract/querySchemas.ts). */
export { taskListQuerySchema } from '../../../../../shared/src/contract/querySchemas.js';

export const taskListParamsSchema = z.object({ chatbotId: uuidSchema });

/** The task the owner's Stop button ends. */
export const taskStopParamsSchema = z.object({ chatbotId: uuidSchema, taskId: uuidSchema });
