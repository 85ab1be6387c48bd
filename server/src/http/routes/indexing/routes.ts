import type { FastifyPluginAsync } from 'fastify';
import { defaultBotName, insertChatbot } from '../../../db/repositories/chatbots.js';
import { insertManualSources, manualSourceUrls } from '../../../db/repositories/sources.js';
import { hasActiveTask } from '../../../db/repositories/tasks.js';
import { normalizeUrl } from '../../../crawl/urls.js';
import { enqueueTask } from '../../../jobs/queue.js';
import { CRAWL_DEFAULTS, DISCOVERY_DEFAULTS } from '../../../jobs/taskParams.js';
import type { AppContext } from '../../context.js';
import { conflict, HttpError } from '../../errors.js';
import { requireOwnedChatbot } from '../../owner.js';
import { ok } from '../../reply.js';
import { okBody } from '../schemas.js';
import { signedIn, signedInFirst, withSchemas } from '../typed.js';
import { collectResultSchema, startedTaskSchema } from '../../../../../shared/src/contract/chatbotSchemas.js';
import { collectUrls } from './collect.js';
import { collectSchema, crawlAndIndexSchema, indexUrlsSchema, recrawlSchema } from './schema.js';
import { checkAddresses, checkMaxPages } from './submitChecks.js';

/** Owner routes that turn websites into knowledge: discover, crawl into a new bot, index a list, refresh. */
export function indexingRoutes(ctx: AppContext): FastifyPluginAsync {
  const { config } = ctx;
  // Server-side caps: a deeper request is clamped (the UI offers depth up to 10); more pages than
  // CRAWL_MAX_PAGES are refused with the cap named (checkMaxPages), so the min only caps defaults.
  const depthOf = (v: number | undefined, fallback: number) => Math.min(v ?? fallback, config.CRAWL_MAX_DEPTH);
  const pagesOf = (v: number | undefined, fallback: number) => {
    checkMaxPages(config, v);
    return Math.min(v ?? fallback, config.CRAWL_MAX_PAGES);
  };

  const started = { response: { 200: okBody(startedTaskSchema) } };
  return async (plugin) => {
    const app = withSchemas(plugin);
    app.addHook('preValidation', signedInFirst(ctx));

    app.post(
      '/indexing/collect-urls',
      { schema: { body: collectSchema, response: { 200: okBody(collectResultSchema) } } },
      async (request, reply) => {
        const body = request.body;
        // Stop discovering when the client goes away (the response closes before it was sent).
        const aborted = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableEnded) aborted.abort();
        });
        await checkAddresses(config, [normalizeUrl(body.url) ?? body.url]);
        const patterns = { include: body.include_patterns ?? [], exclude: body.exclude_patterns ?? [] };
        const urls = await collectUrls(
          config,
          body.url,
          depthOf(body.max_depth, DISCOVERY_DEFAULTS.maxDepth),
          pagesOf(body.max_pages, DISCOVERY_DEFAULTS.maxPages),
          aborted.signal,
          patterns,
          body.all_languages === true,
          body.render_javascript === true,
        );
        return ok({ collected_urls: urls, count: urls.length });
      },
    );

    app.post('/crawl-and-index', { schema: { ...started, body: crawlAndIndexSchema } }, async (request) => {
      const user = signedIn(request);
      const body = request.body;
      const url = normalizeUrl(body.url) ?? body.url;
      const maxDepth = depthOf(body.max_depth, CRAWL_DEFAULTS.maxDepth);
      const maxPages = pagesOf(body.max_pages, CRAWL_DEFAULTS.maxPages);
      await checkAddresses(config, [url]);
      const { bot, task } = await ctx.db.transaction(async (tx) => {
        const bot = await insertChatbot(tx, {
          ownerUid: user.uid,
          name: body.name?.trim() || (await defaultBotName(tx, user.uid, url)),
          description: body.description ?? '',
          startUrl: url,
          maxDepth,
          maxPages,
          includePatterns: body.include_patterns,
          excludePatterns: body.exclude_patterns,
          allLanguages: body.all_languages,
          renderJavascript: body.render_javascript,
        });
        const task = await enqueueTask(tx, {
          chatbotId: bot.id,
          taskType: 'crawl_and_index',
          params: { url, max_depth: maxDepth, max_pages: maxPages },
          maxAttempts: config.TASK_MAX_ATTEMPTS,
        });
        return { bot, task };
      });
      ctx.wakeWorker();
      return ok({ chatbot_id: bot.id, task_id: task.id });
    });

    app.post('/indexing/index-urls', { schema: { ...started, body: indexUrlsSchema } }, async (request) => {
      const user = signedIn(request);
      const body = request.body;
      const urls = [...new Set([...(body.urls_to_index ?? []), ...(body.urls ?? [])].map((u) => normalizeUrl(u) ?? u))];
      if (urls.length > config.CRAWL_MAX_PAGES) {
        throw new HttpError(422, 'too_many_urls', `At most ${config.CRAWL_MAX_PAGES} URLs can be indexed at once (got ${urls.length}).`);
      }
      await checkAddresses(config, urls, 'urls_to_index');
      const { bot, task } = await ctx.db.transaction(async (tx) => {
        const bot = await insertChatbot(tx, {
          ownerUid: user.uid,
          name: body.name?.trim() || (await defaultBotName(tx, user.uid, urls[0]!)),
          description: body.description ?? '',
          renderJavascript: body.render_javascript,
        });
        await insertManualSources(tx, bot.id, urls);
        const task = await enqueueTask(tx, {
          chatbotId: bot.id,
          taskType: 'index_urls',
          params: { urls },
          maxAttempts: config.TASK_MAX_ATTEMPTS,
        });
        return { bot, task };
      });
      ctx.wakeWorker();
      return ok({ chatbot_id: bot.id, task_id: task.id });
    });

    app.post('/indexing/crawl', { schema: { ...started, body: recrawlSchema } }, async (request) => {
      const user = signedIn(request);
      const body = request.body;
      const bot = await requireOwnedChatbot(ctx.db, body.chatbot_id, user.uid);
      const url = body.url ? (normalizeUrl(body.url) ?? body.url) : undefined;
      // What this refresh will fetch: the given URL, else the bot's start URL, else its chosen URLs
      // (CRAWL_ALLOW_HOSTS may have closed a host since they were accepted).
      const targets = url ? [url] : bot.start_url ? [bot.start_url] : await manualSourceUrls(ctx.db, bot.id);
      await checkAddresses(config, targets);
      const task = await ctx.db.transaction(async (tx) => {
        if (await hasActiveTask(tx, bot.id)) throw conflict('This chatbot is already being indexed. Wait for the current task to finish.');
        const settings = {
          url: url ?? bot.start_url ?? undefined,
          max_depth: body.max_depth === undefined ? undefined : depthOf(body.max_depth, CRAWL_DEFAULTS.maxDepth),
          max_pages: body.max_pages === undefined ? undefined : pagesOf(body.max_pages, CRAWL_DEFAULTS.maxPages),
          all_languages: body.all_languages,
        };
        // Saved on the bot by the task, once its content is swapped in (a refused crawl changes nothing).
        return enqueueTask(tx, { chatbotId: bot.id, taskType: 'crawl', params: settings, maxAttempts: config.TASK_MAX_ATTEMPTS });
      });
      ctx.wakeWorker();
      return ok({ task_id: task.id, chatbot_id: bot.id });
    });
  };
}
