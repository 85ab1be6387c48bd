import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { normalizeUrl } from '../../../crawl/urls.js';
import { removeLivePage } from '../../../db/repositories/liveContent.js';
import { deleteSource, insertManualSources } from '../../../db/repositories/sources.js';
import { hasActiveTask } from '../../../db/repositories/tasks.js';
import { enqueueTask } from '../../../jobs/queue.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors.js';
import { requireOwnedChatbot, requireUser } from '../../owner.js';
import { ok } from '../../reply.js';
import { parse } from '../../validate.js';
import { sourceUrlSchema } from '../indexing/schema.js';
import { checkAddresses } from '../indexing/submitChecks.js';
import { chatbotParamsSchema } from '../schemas.js';

const BUSY = 'This chatbot is already being indexed. Wait for the current task to finish.';

/** One page of the bot's site: the body of an add, the query of a remove. */
export const sourceUrlBodySchema = z.object({ url: sourceUrlSchema }).strict();

/**
 * Single sources on the detail page: add (or re-index) one URL, or remove one, without crawling
 * the rest of the site again. Adding queues an index_page task that fetches just that page and
 * swaps it in beside the other live pages; removing takes the page out of the answers at once.
 */
export function sourceRoutes(ctx: AppContext): FastifyPluginAsync {
  const body = sourceUrlBodySchema;
  return async (app) => {
    app.post('/chatbots/:id/sources', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const input = parse(body, request.body, 'body');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const url = normalizeUrl(input.url) ?? input.url;
      // Refused here, as crawl-and-index refuses it, rather than left as a failed row on the bot.
      await checkAddresses(ctx.config, [url]);
      const task = await ctx.db.transaction(async (tx) => {
        if (await hasActiveTask(tx, id)) throw conflict(BUSY);
        await insertManualSources(tx, id, [url]);
        return enqueueTask(tx, { chatbotId: id, taskType: 'index_page', params: { url }, maxAttempts: ctx.config.TASK_MAX_ATTEMPTS });
      });
      ctx.wakeWorker();
      return ok({ task_id: task.id, chatbot_id: id, url });
    });

    app.delete('/chatbots/:id/sources', async (request) => {
      const user = await requireUser(ctx, request);
      const { id } = parse(chatbotParamsSchema, request.params, 'path');
      const input = parse(body, request.query, 'query');
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const url = normalizeUrl(input.url) ?? input.url;
      const removed = await ctx.db.transaction(async (tx) => {
        // A crawl running now could bring the page back with its swap.
        if (await hasActiveTask(tx, id)) throw conflict(BUSY);
        const pages = await removeLivePage(tx, id, url);
        const source = await deleteSource(tx, id, url);
        return pages + (source ? 1 : 0);
      });
      if (removed === 0) throw notFound('Source not found');
      return ok({ url, removed: true });
    });
  };
}
