import type { FastifyPluginAsync } from 'fastify';
import { getTask, listTasks } from '../../../db/repositories/tasks.js';
import { stopTask } from '../../../jobs/queue.js';
import { conflict, notFound } from '../../errors.js';
import type { AppContext } from '../../context.js';
import { requireOwnedChatbot } from '../../owner.js';
import { presentTask } from '../../presenters/task.js';
import { ok } from '../../reply.js';
import { okBody } from '../schemas.js';
import { signedIn, signedInFirst, withSchemas } from '../typed.js';
import { taskListParamsSchema, taskListQuerySchema, taskStopParamsSchema } from './schema.js';
import { taskListSchema, taskStoppedSchema } from '../../../../../shared/src/contract/chatbotSchemas.js';

export function taskRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = withSchemas(plugin);
    app.addHook('preValidation', signedInFirst(ctx));

    // Newest first; the first item is the bot's latest task.
    const listed = { params: taskListParamsSchema, querystring: taskListQuerySchema, response: { 200: okBody(taskListSchema) } };
    app.get('/crawl-and-index/tasks/:chatbotId', { schema: listed }, async (request) => {
      const user = signedIn(request);
      const { chatbotId } = request.params;
      const query = request.query;
      await requireOwnedChatbot(ctx.db, chatbotId, user.uid);
      // The latest task of any kind counts as the bot's status: a bot made from chosen URLs
      // has index_urls tasks only, and a refresh adds crawl tasks.
      const tasks = await listTasks(ctx.db, chatbotId, {
        taskType: query.task_type === 'all' || query.task_type === 'crawl_and_index' ? undefined : query.task_type,
        status: query.status,
        limit: query.limit,
        offset: query.offset,
      });
      return ok(tasks.map(presentTask));
    });

    // The owner's Stop button: the task ends at once, its staged content is discarded and the bot
    // keeps answering from what was live before.
    const stopped = { params: taskStopParamsSchema, response: { 200: okBody(taskStoppedSchema) } };
    app.post('/crawl-and-index/tasks/:chatbotId/:taskId/stop', { schema: stopped }, async (request) => {
      const user = signedIn(request);
      const { chatbotId, taskId } = request.params;
      await requireOwnedChatbot(ctx.db, chatbotId, user.uid);
      const task = await getTask(ctx.db, chatbotId, taskId);
      if (!task) throw notFound('Task not found');
      if (!(await stopTask(ctx.db, taskId))) throw conflict('This task has already finished.');
      ctx.abortTaskHere?.(taskId);
      return ok({ task_id: taskId, stopped: true as const });
    });
  };
}
