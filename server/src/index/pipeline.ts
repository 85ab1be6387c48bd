import type { TaskProgress } from '../../../shared/src/api/types.js';
import { committedDocuments, countOtherLiveDocuments, deleteTaskDocuments } from '../db/repositories/documents.js';
import { discardStagedDocuments, liveDocumentHashes } from '../db/repositories/liveContent.js';
import { recordSources, type SourceRecord } from '../db/repositories/sources.js';
import { AnchorTextCollector } from '../crawl/anchorText.js';
import { crawlSite, type CrawlOutcome } from '../crawl/crawler.js';
import { sharedExtractPool } from '../crawl/extractPool.js';
import { sharedBrowserPool } from '../crawl/render/browserPool.js';
import { createSafeFetcher } from '../crawl/safeFetch.js';
import { SiteBoilerplate } from '../crawl/siteBoilerplate.js';
import { urlFilter } from '../crawl/urlPatterns.js';
import { ChangeTracker } from './changeTracker.js';
import { MarkdownChunker } from './chunker.js';
import { embeddingProvider } from '../embeddings/shared.js';
import { vectorStoreFor } from '../embeddings/store.js';
import { Indexer, yieldToEventLoop } from './indexer.js';
import type { PipelineInput, PipelineResult } from './pipelineTypes.js';
import { refreshLsaSpace } from './lsaRefresh.js';
import { refuseSwap } from './refuseSwap.js';
import { finishSiteLevel } from './siteLevel.js';
import { SOURCES_BATCH, swapIn } from './swapIn.js';

export type { PipelineInput, PipelineMode, PipelineResult } from './pipelineTypes.js';

const PROGRESS_EVERY_MS = 1000;
const PROGRESS_EVERY_PAGES = 25;

/**
 * crawl → extract → chunk → index for one task, with per-URL sources, throttled progress and the
 * staged-generation swap at the end. Idempotent: a retried attempt first removes what the
 * previous attempt of the same task wrote, unless that attempt already committed (then there is
 * nothing left to do). A refresh that went badly (time limit, mostly failures) is not swapped in.
 */
export async function runIndexingPipeline(input: PipelineInput): Promise<PipelineResult> {
  const { db, config, chatbotId, taskId, mode } = input;
  const started = Date.now();
  const committed = await committedDocuments(db, taskId);
  if (committed !== undefined) {
    const counts = { discovered: 0, fetched: 0, indexed: committed, failed: 0, skipped: 0 };
    return {
      ...counts,
      chunks: 0,
      attempted: 0,
      alreadyCommitted: true,
      failureKinds: new Set(),
      timings: { totalMs: Date.now() - started },
    };
  }
  await deleteTaskDocuments(db, taskId);
  const previous = await countOtherLiveDocuments(db, chatbotId, taskId);
  const live = previous === 0;
  // A refresh keeps live pages it finds unchanged instead of rewriting them.
  const changes = live ? undefined : new ChangeTracker(await liveDocumentHashes(db, chatbotId), mode.kind === 'urls' && mode.partial);
  const provider = embeddingProvider(config);
  const indexer = new Indexer(db, {
    chatbotId,
    taskId,
    live,
    chunker: new MarkdownChunker(),
    embeddings: provider ? { provider, store: await vectorStoreFor(db) } : undefined,
    signal: input.signal,
    onEmbeddingError: (err) =>
      input.log?.warn({ err }, 'embeddings stopped for this task: the provider failed (the backfill retries later)'),
  });
  const ownFetcher = !input.fetcher;
  const fetcher =
    input.fetcher ??
    createSafeFetcher({
      userAgent: config.CRAWL_USER_AGENT,
      allowHosts: config.CRAWL_ALLOW_HOSTS,
      timeoutMs: config.CRAWL_TIMEOUT_MS,
      maxBytes: config.CRAWL_MAX_BYTES,
      connections: config.CRAWL_CONCURRENCY,
    });
  const extractor = input.extractor ?? (await sharedExtractPool());

  const counts: TaskProgress = { discovered: 0, fetched: 0, indexed: 0, failed: 0, skipped: 0 };
  const failureKinds = new Set<string>();
  let startFailure: PipelineResult['startFailure'];
  let startSkipped: string | undefined;
  const firstUrl = mode.kind === 'crawl' ? mode.url : mode.urls[0];
  let sources: SourceRecord[] = [];
  // A refresh keeps its sources aside until the swap: written now, they would overwrite the live
  // content's rows even when the refresh is then refused.
  const staged: SourceRecord[] = [];
  let lastReport = 0;
  let sinceReport = 0;
  const depths = new Map<string, number>();
  const boilerplate = new SiteBoilerplate();
  const anchors = new AnchorTextCollector();
  /** Stored page URL → every URL that led to it (anchors point at those). */
  const storedUrls = new Map<string, string[]>();

  const flushSources = async () => {
    const batch = sources;
    sources = [];
    if (live) await recordSources(db, chatbotId, taskId, batch);
    else staged.push(...batch);
  };
  const report = async (force = false) => {
    if (!force && sinceReport < PROGRESS_EVERY_PAGES && Date.now() - lastReport < PROGRESS_EVERY_MS) return;
    sinceReport = 0;
    lastReport = Date.now();
    await flushSources();
    await input.progress?.({ ...counts, ...changes?.progress() });
  };

  const onOutcome = async (o: CrawlOutcome) => {
    sinceReport++;
    // `fetched` counts requests: a robots.txt or time-limit skip made none.
    if (!(o.kind === 'skipped' && o.notFetched)) counts.fetched++;
    const depth = depths.get(o.url) ?? null;
    if (o.kind === 'page') {
      anchors.add(o.anchors, [o.url, ...o.aliases]);
      storedUrls.set(o.url, [o.url, ...o.aliases]);
      // A PDF is a document of its own, not a page of the site's template: no boilerplate to count or drop.
      const markdown = o.pdfPages ? o.markdown : boilerplate.admit(o.url, o.markdown, o.outsideKeys);
      if (changes?.see(o.url, o.contentHash, o) !== 'unchanged') await indexer.add({ ...o, markdown });
      counts.indexed++;
      sources.push({ url: o.url, status: 'indexed', title: o.title.slice(0, 300), depth: o.depth });
    } else if (o.kind === 'unchanged') {
      changes?.see(o.url, o.contentHash);
      counts.indexed++;
      sources.push({ url: o.url, status: 'indexed', title: o.title.slice(0, 300), depth: o.depth });
    } else if (o.kind === 'failed') {
      counts.failed++;
      failureKinds.add(o.errorKind);
      if (o.url === firstUrl) startFailure = { reason: o.reason, kind: o.errorKind };
      sources.push({ url: o.url, status: 'failed', error: o.reason, depth });
    } else if (o.kind === 'skipped') {
      counts.skipped++;
      if (o.url === firstUrl) startSkipped = o.reason;
      sources.push({ url: o.url, status: 'skipped', error: o.reason, depth });
    }
    if (sources.length >= SOURCES_BATCH) await flushSources();
    await report();
  };

  let stoppedBy: PipelineResult['stoppedBy'];
  try {
    await input.progress?.({ ...counts });
    const summary = await crawlSite(
      fetcher,
      extractor,
      {
        startUrls: mode.kind === 'crawl' ? [mode.url] : mode.urls,
        followLinks: mode.kind === 'crawl',
        maxDepth: mode.kind === 'crawl' ? mode.maxDepth : 0,
        maxPages: mode.kind === 'crawl' ? mode.maxPages : mode.urls.length,
        concurrency: config.CRAWL_CONCURRENCY,
        timeBudgetMs: config.CRAWL_TOTAL_SECONDS * 1000,
        userAgent: config.CRAWL_USER_AGENT,
        keep: mode.kind === 'crawl' ? urlFilter(mode.patterns) : undefined,
        allLanguages: mode.kind === 'crawl' && mode.allLanguages === true,
        prior: changes && ((url) => changes.prior(url)),
        render: {
          renderer: sharedBrowserPool(config.CHROMIUM_PATH),
          allowHosts: config.CRAWL_ALLOW_HOSTS,
          timeoutMs: config.CRAWL_TIMEOUT_MS,
        },
        signal: input.signal,
      },
      {
        onAdmitted: (url, depth) => {
          counts.discovered++;
          depths.set(url, depth);
        },
        onOutcome,
      },
    );
    stoppedBy = summary.stoppedBy;
    await indexer.flush();
    if (stoppedBy !== 'aborted') await finishSiteLevel(db, taskId, indexer, boilerplate, anchors, storedUrls);
    // A refresh's vectors are made before its swap, so they go live with the content.
    await indexer.settled();
    await report(true);
    if (changes) await input.progress?.({ ...counts, ...changes.progress(true) });
  } finally {
    if (ownFetcher) await fetcher.close();
    if (!input.extractor) await extractor.close();
  }
  await yieldToEventLoop();
  const keptPrevious = live ? undefined : refuseSwap(counts, failureKinds, stoppedBy, previous, config.CRAWL_TOTAL_SECONDS);
  // A refresh not worth swapping in: drop the staged generation, the old one stays live.
  if (keptPrevious) await deleteTaskDocuments(db, taskId);
  // Nothing indexed: keep the bot's previous content and sources exactly as they were.
  else if (counts.indexed > 0 && stoppedBy !== 'aborted') {
    const swapped = await swapIn(db, {
      chatbotId,
      taskId,
      changes,
      partialUrls: mode.kind === 'urls' && mode.partial ? mode.urls : undefined,
      staged,
      settings: input.settings,
      indexed: counts.indexed,
    });
    // Stopped: a refresh's staged generation goes, as when a Stop aborts the crawl itself.
    if (!swapped) {
      await discardStagedDocuments(db, taskId);
      stoppedBy = 'aborted';
    } else await refreshLsaSpace(db, config, chatbotId, input.signal, input.log);
  }
  return {
    ...counts,
    ...changes?.progress(true),
    chunks: indexer.chunks,
    attempted: counts.fetched,
    keptPrevious,
    stoppedBy,
    startFailure,
    startSkipped,
    failureKinds,
    timings: { totalMs: Date.now() - started },
  };
}
