import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { getTask, listTasks } from '../../../db/repositories/tasks.js';
import { stopTask } from '../../../jobs/queue.js';
import { conflict, notFound } from '../../errors.js';
import type { AppContext } from '../../context.js';
import { requireOwnedChatbot, requireUser } from '../../owner.js';
import { presentTask } from '../../presenters/task.js';
import { ok } from '../../reply.js';
import { parse } from '../../validate.js';
import { uuidSchema } from '../schemas.js';
import { taskListQuerySchema, taskStopParamsSchema } from './schema.js';

export function taskRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Newest first; the first item is the bot's latest task.
    app.get('/crawl-and-index/tasks/:chatbotId', async (request) => {
      const user = await requireUser(ctx, request);
      const { chatbotId } = parse(z.object({ chatbotId: uuidSchema }), request.params, 'path');
      const query = parse(taskListQuerySchema, request.query, 'query');
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
    app.post('/crawl-and-index/tasks/:chatbotId/:taskId/stop', async (request) => {
      const user = await requireUser(ctx, request);
      const { chatbotId, taskId } = parse(taskStopParamsSchema, request.params, 'path');
      await requireOwnedChatbot(ctx.db, chatbotId, user.uid);
      const task = await getTask(ctx.db, chatbotId, taskId);
      if (!task) throw notFound('Task not found');
      if (!(await stopTask(ctx.db, taskId))) throw conflict('This task has already finished.');
      ctx.abortTaskHere?.(taskId);
      return ok({ task_id: taskId, stopped: true });
    });
  };
}
