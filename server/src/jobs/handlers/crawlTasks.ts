import type { TaskType } from '../../../../shared/src/api/types.js';
import { maintainAfterWrites } from '../../db/maintenance.js';
import { getChatbotRow, type ChatbotRow } from '../../db/repositories/chatbots.js';
import { discardStagedDocuments } from '../../db/repositories/liveContent.js';
import { STOPPED_REASON, wasStopped } from '../queue.js';
import { dropUnindexedSource, failUnstoredSources, manualSourceUrls } from '../../db/repositories/sources.js';
import { setTaskLimitReached } from '../../db/repositories/tasks.js';
import { nameAfterStartPage } from './nameFromTitle.js';
import { runIndexingPipeline, type PipelineInput, type PipelineMode, type PipelineResult } from '../../index/pipeline.js';
import type { UrlPatterns } from '../../crawl/urlPatterns.js';
import { PermanentTaskError, type HandlerRegistry, type TaskContext, type TaskHandler } from '../registry.js';
import { CRAWL_DEFAULTS, parseTaskParams, type TaskParams } from '../taskParams.js';

/**
 * crawl_and_index (new bot from a start URL), index_urls (new bot from a chosen list) and crawl
 * (refresh an existing bot). All three run the same pipeline; they differ in what they fetch.
 * Retry policy: a network failure of the start URL is retried (the site may come back); a
 * refusal, an HTTP error or a site with nothing indexable fails at once with the reason. A refresh
 * the pipeline would not swap in (time limit, mostly failures) fails with its reason, the old
 * content staying live.
 */
export function registerCrawlHandlers(registry: HandlerRegistry): void {
  const handlers: Record<TaskType, TaskHandler> = {
    crawl_and_index: async (ctx) => {
      const params = parseTaskParams('crawl_and_index', ctx.task.params);
      const bot = await getChatbotRow(ctx.db, ctx.task.chatbot_id);
      await run(ctx, crawlMode(ctx, params, botPatterns(bot), bot?.all_languages === true));
      await nameNewBot(ctx, params.url);
    },
    index_urls: async (ctx) => {
      const { urls } = parseTaskParams('index_urls', ctx.task.params);
      await run(ctx, { kind: 'urls', urls });
      await nameNewBot(ctx, urls[0]!);
    },
    crawl: async (ctx) => {
      const params = parseTaskParams('crawl', ctx.task.params);
      return run(ctx, await refreshMode(ctx, params), refreshSettings(params));
    },
    index_page: async (ctx) => {
      const { url } = parseTaskParams('index_page', ctx.task.params);
      try {
        await run(ctx, { kind: 'urls', urls: [url], partial: true });
      } catch (err) {
        // A page the owner added that could not be indexed leaves no row on the bot (the task says
        // why); one already live keeps its row. Not while another attempt is to come.
        const last = err instanceof PermanentTaskError || ctx.task.attempts >= (ctx.task.max_attempts ?? 0);
        if (last && !ctx.signal.aborted) await dropUnindexedSource(ctx.db, ctx.task.chatbot_id, url).catch(() => {});
        throw err;
      }
    },
  };
  for (const [type, handler] of Object.entries(handlers)) registry.register(type, handler);
}

/** A new bot left unnamed takes its start page's title; a name is cosmetic, so failing here fails nothing. */
async function nameNewBot(ctx: TaskContext, startUrl: string): Promise<void> {
  await nameAfterStartPage(ctx.db, ctx.task.chatbot_id, startUrl).catch(() => {});
}

/** The owner's include/exclude patterns, as saved on the bot when the task runs. */
function botPatterns(bot: ChatbotRow | undefined): UrlPatterns {
  return { include: bot?.include_patterns ?? [], exclude: bot?.exclude_patterns ?? [] };
}

/** The crawl a start URL and settings ask for, within this server's caps (which may have changed since). */
function crawlMode(ctx: TaskContext, params: TaskParams<'crawl_and_index'>, patterns: UrlPatterns, allLanguages: boolean): PipelineMode {
  const clamp = (v: number | undefined, fallback: number, cap: number, min: number) => Math.max(min, Math.min(cap, v ?? fallback));
  return {
    kind: 'crawl',
    url: params.url,
    maxDepth: clamp(params.max_depth, CRAWL_DEFAULTS.maxDepth, ctx.config.CRAWL_MAX_DEPTH, 0),
    maxPages: clamp(params.max_pages, CRAWL_DEFAULTS.maxPages, ctx.config.CRAWL_MAX_PAGES, 1),
    patterns,
    allLanguages,
  };
}

/** A refresh crawls the given URL or the bot's start URL, else re-indexes the bot's chosen URLs. */
async function refreshMode(ctx: TaskContext, p: TaskParams<'crawl'>): Promise<PipelineMode> {
  const bot = await getChatbotRow(ctx.db, ctx.task.chatbot_id);
  if (!bot) throw new PermanentTaskError('The chatbot no longer exists.');
  const url = p.url || bot.start_url;
  if (url) {
    const patterns = { include: bot.include_patterns, exclude: bot.exclude_patterns };
    return crawlMode(
      ctx,
      { url, max_depth: p.max_depth ?? bot.max_depth ?? undefined, max_pages: p.max_pages ?? bot.max_pages ?? undefined },
      patterns,
      p.all_languages ?? bot.all_languages === true,
    );
  }
  const urls = await manualSourceUrls(ctx.db, bot.id);
  if (urls.length === 0) throw new PermanentTaskError('Nothing to crawl: the chatbot has no start URL and no chosen URLs.');
  return { kind: 'urls', urls };
}

/** The settings a refresh was asked for, as given (the bot keeps them once the refresh is swapped in). */
function refreshSettings(p: TaskParams<'crawl'>): PipelineInput['settings'] {
  return { url: p.url || undefined, maxDepth: p.max_depth, maxPages: p.max_pages, allLanguages: p.all_languages };
}

async function run(ctx: TaskContext, mode: PipelineMode, settings?: PipelineInput['settings']): Promise<void> {
  // The owner's setting as it is when the task runs (a PATCH before a re-crawl counts).
  const renderJavascript = (await getChatbotRow(ctx.db, ctx.task.chatbot_id))?.render_javascript === true;
  const result = await runIndexingPipeline({
    db: ctx.db,
    config: ctx.config,
    chatbotId: ctx.task.chatbot_id,
    taskId: ctx.task.id,
    mode,
    settings,
    renderJavascript,
    signal: ctx.signal,
    progress: (p) => ctx.progress(p),
  }).catch(async (err: unknown) => {
    // Source statuses tell the truth even when the attempt dies midway (a failed write, a lost database).
    await failUnstoredSources(ctx.db, ctx.task.chatbot_id, ctx.task.id).catch(() => {});
    await discardIfStopped(ctx);
    throw err;
  });
  if (ctx.signal.aborted) {
    await discardIfStopped(ctx);
    throw ctx.signal.reason ?? new Error('aborted');
  }
  // The owner's Stop landed between the crawl's end and its swap: the pipeline swapped nothing.
  if (result.stoppedBy === 'aborted') throw new PermanentTaskError(STOPPED_REASON);
  // Statistics (and full-text index) for what the crawl changed, before its answers are served. It
  // only speeds queries up: the content is in place either way, so a failure here fails nothing.
  await maintainAfterWrites(ctx.db).catch(() => {});
  // An earlier attempt committed and died before the task was marked completed: it is done.
  if (result.alreadyCommitted) return;
  // Which limit stopped the crawl, with the links left, for the owner's "crawl more" (null: none).
  await setTaskLimitReached(ctx.db, ctx.task.id, result.limitReached ?? null);
  if (result.keptPrevious) {
    const { reason, transient } = result.keptPrevious;
    throw transient ? new Error(reason) : new PermanentTaskError(reason);
  }
  if (result.indexed === 0) throw failure(mode, result);
}

/**
 * The owner's Stop: a refresh's staged generation goes (the live one was never touched); a first
 * crawl keeps the pages it indexed. A shutdown or lost lease keeps everything for the retry to clear.
 */
async function discardIfStopped(ctx: TaskContext): Promise<void> {
  if (ctx.signal.aborted && (await wasStopped(ctx.db, ctx.task.id).catch(() => false))) await discardStagedDocuments(ctx.db, ctx.task.id);
}

/** A clear reason for a task that indexed nothing, and whether waiting could help. */
function failure(mode: PipelineMode, r: PipelineResult): Error {
  const first = mode.kind === 'crawl' ? mode.url : mode.urls[0]!;
  if (r.startFailure && (mode.kind === 'crawl' || mode.partial)) {
    const reason = `Could not ${mode.kind === 'crawl' ? 'crawl' : 'index'} ${first}: ${r.startFailure.reason}`;
    return r.startFailure.kind === 'network' || r.startFailure.kind === 'timeout' ? new Error(reason) : new PermanentTaskError(reason);
  }
  const counts = `${r.failed} failed, ${r.skipped} skipped`;
  const onlyTransient = r.failed > 0 && [...r.failureKinds].every((k) => k === 'network' || k === 'timeout');
  // A skipped start page is usually why nothing was indexed: an app shell with no text has no links either.
  const why = r.startSkipped && (mode.kind === 'crawl' || mode.partial) ? ` ${first} was skipped: ${r.startSkipped}.` : '';
  const reason = `No pages could be indexed (${counts}).${why}`;
  return onlyTransient ? new Error(reason) : new PermanentTaskError(reason);
}
