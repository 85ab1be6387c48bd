import type { FastifyPluginAsync } from 'fastify';
import { normalizeUrl } from '../../../crawl/urls.js';
import { removeLivePage } from '../../../db/repositories/liveContent.js';
import { deleteSource, insertManualSources } from '../../../db/repositories/sources.js';
import { hasActiveTask } from '../../../db/repositories/tasks.js';
import { enqueueTask } from '../../../jobs/queue.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors.js';
import { requireOwnedChatbot } from '../../owner.js';
import { ok } from '../../reply.js';
import { checkAddresses } from '../indexing/submitChecks.js';
import { chatbotParamsSchema, okBody, REQUESTS } from '../schemas.js';
import { signedIn, signedInFirst, withSchemas } from '../typed.js';
import { sourceAddedSchema, sourceRemovedSchema } from '../../../../../shared/src/contract/chatbotSchemas.js';

const BUSY = 'This chatbot is already being indexed. Wait for the current task to finish.';

/** One page of the bot's site: the body of an add, the query of a remove. */
export const sourceUrlBodySchema = REQUESTS.sourceUrl;

/**
 * Single sources on the detail page: add (or re-index) one URL, or remove one, without crawling
 * the rest of the site again. Adding queues an index_page task that fetches just that page and
 * swaps it in beside the other live pages; removing takes the page out of the answers at once.
 */
export function sourceRoutes(ctx: AppContext): FastifyPluginAsync {
  const params = chatbotParamsSchema;
  return async (plugin) => {
    const app = withSchemas(plugin);
    app.addHook('preValidation', signedInFirst(ctx));

    const added = { params, body: sourceUrlBodySchema, response: { 200: okBody(sourceAddedSchema) } };
    app.post('/chatbots/:id/sources', { schema: added }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const input = request.body;
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

    const removed = { params, querystring: sourceUrlBodySchema, response: { 200: okBody(sourceRemovedSchema) } };
    app.delete('/chatbots/:id/sources', { schema: removed }, async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const input = request.query;
      await requireOwnedChatbot(ctx.db, id, user.uid);
      const url = normalizeUrl(input.url) ?? input.url;
      const count = await ctx.db.transaction(async (tx) => {
        // A crawl running now could bring the page back with its swap.
        if (await hasActiveTask(tx, id)) throw conflict(BUSY);
        const pages = await removeLivePage(tx, id, url);
        const source = await deleteSource(tx, id, url);
        return pages + (source ? 1 : 0);
      });
      if (count === 0) throw notFound('Source not found');
      return ok({ url, removed: true as const });
    });
  };
}
