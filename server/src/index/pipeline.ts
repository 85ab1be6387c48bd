import type { TaskProgress } from '../../../shared/src/api/types.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { updateCrawlSettings } from '../db/repositories/chatbots.js';
import { claimSwap } from '../db/repositories/tasks.js';
import {
  committedDocuments,
  countOtherLiveDocuments,
  deleteTaskDocuments,
  recordCommit,
  setAnchorTexts,
  taskDocumentsByUrl,
} from '../db/repositories/documents.js';
import { discardStagedDocuments, liveDocumentHashes, swapGenerationKeeping } from '../db/repositories/liveContent.js';
import { dropStaleSources, recordSources, type SourceRecord } from '../db/repositories/sources.js';
import { AnchorTextCollector } from '../crawl/anchorText.js';
import { crawlSite, type CrawlOutcome } from '../crawl/crawler.js';
import type { Extractor } from '../crawl/extractor.js';
import { sharedExtractPool } from '../crawl/extractPool.js';
import type { FetchErrorKind } from '../crawl/fetchErrors.js';
import { createSafeFetcher, type SafeFetcher } from '../crawl/safeFetch.js';
import { SiteBoilerplate } from '../crawl/siteBoilerplate.js';
import { urlFilter, type UrlPatterns } from '../crawl/urlPatterns.js';
import { ChangeTracker } from './changeTracker.js';
import { MarkdownChunker } from './chunker.js';
import { embeddingProvider } from '../embeddings/shared.js';
import { vectorStoreFor } from '../embeddings/store.js';
import { Indexer, yieldToEventLoop } from './indexer.js';
import { refuseSwap } from './refuseSwap.js';

/**
 * crawl → extract → chunk → index for one task, with per-URL sources, throttled progress and the
 * staged-generation swap at the end. Idempotent: a retried attempt first removes what the
 * previous attempt of the same task wrote, unless that attempt already committed (then there is
 * nothing left to do). A refresh that went badly (time limit, mostly failures) is not swapped in.
 */
export type PipelineMode =
  | { kind: 'crawl'; url: string; maxDepth: number; maxPages: number; patterns?: UrlPatterns }
  /** `partial`: these pages only (a single source): every other live page stays as it is. */
  | { kind: 'urls'; urls: string[]; partial?: boolean };

export interface PipelineInput {
  db: Db;
  config: Config;
  chatbotId: string;
  taskId: string;
  mode: PipelineMode;
  /** A refresh's crawl settings: saved on the bot with the swap, so a refresh that fails leaves it as it was. */
  settings?: { url?: string; maxDepth?: number; maxPages?: number };
  signal?: AbortSignal;
  progress?(p: TaskProgress): Promise<void>;
  /** Injected in tests and benchmarks; else built from config. */
  fetcher?: SafeFetcher;
  extractor?: Extractor;
  log?: { warn(obj: object, msg: string): void };
}

export interface PipelineResult extends TaskProgress {
  chunks: number;
  /** Requests actually made (outcomes minus robots-blocked and time-limit skips). */
  attempted: number;
  /** A refresh that was not swapped in, and why: the previous content stays live. */
  keptPrevious?: { reason: string; transient: boolean };
  /** An earlier attempt of this task already committed; nothing was crawled. */
  alreadyCommitted?: boolean;
  stoppedBy?: 'time' | 'aborted';
  /** Why the first URL (the start URL of a crawl) failed, if it did. */
  startFailure?: { reason: string; kind: FetchErrorKind | 'extract' };
  failureKinds: Set<string>;
  timings: { totalMs: number };
}

const PROGRESS_EVERY_MS = 1000;
const PROGRESS_EVERY_PAGES = 25;
const SOURCES_BATCH = 50;

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
        prior: changes && ((url) => changes.prior(url)),
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
    const swapped = await db.transaction(async (tx) => {
      // An owner's Stop that landed after the crawl finished wins: nothing goes live.
      if (!(await claimSwap(tx, taskId))) return false;
      const partial = mode.kind === 'urls' && mode.partial;
      if (changes)
        await swapGenerationKeeping(tx, chatbotId, taskId, partial ? changes.keptAllBut(mode.urls) : changes.kept, changes.revalidated);
      for (let i = 0; i < staged.length; i += SOURCES_BATCH) await recordSources(tx, chatbotId, taskId, staged.slice(i, i + SOURCES_BATCH));
      if (!partial) await dropStaleSources(tx, chatbotId, taskId);
      const s = input.settings;
      if (s) await updateCrawlSettings(tx, chatbotId, s.url, s.maxDepth, s.maxPages);
      await recordCommit(tx, chatbotId, taskId, counts.indexed);
      return true;
    });
    // Stopped: a refresh's staged generation goes, as when a Stop aborts the crawl itself.
    if (!swapped) {
      await discardStagedDocuments(db, taskId);
      stoppedBy = 'aborted';
    }
  }
  return {
    ...counts,
    ...changes?.progress(true),
    chunks: indexer.chunks,
    attempted: counts.fetched,
    keptPrevious,
    stoppedBy,
    startFailure,
    failureKinds,
    timings: { totalMs: Date.now() - started },
  };
}

const SITE_LEVEL_BATCH = 50;

/**
 * What needs the whole crawl, before the swap: pages cleaned with an early view of the site's
 * boilerplate are rewritten under the final one, and every document gets its in-links' anchor
 * text. Small batches with yields between them (PGlite blocks the loop).
 */
async function finishSiteLevel(
  db: Db,
  taskId: string,
  indexer: Indexer,
  boilerplate: SiteBoilerplate,
  anchors: AnchorTextCollector,
  storedUrls: Map<string, string[]>,
): Promise<void> {
  const stale = boilerplate.stale();
  for (let i = 0; i < stale.length; i += SITE_LEVEL_BATCH) {
    for (const doc of await taskDocumentsByUrl(db, taskId, stale.slice(i, i + SITE_LEVEL_BATCH))) {
      const markdown = boilerplate.revise(doc.url, doc.content);
      if (markdown !== undefined && markdown !== doc.content)
        await indexer.replace(doc.id, { url: doc.url, title: doc.title, markdown, contentHash: '' });
    }
  }
  const rows = [...storedUrls].map(([url, urls]) => ({ url, text: anchors.textFor(urls) })).filter((r) => r.text !== '');
  for (let i = 0; i < rows.length; i += SITE_LEVEL_BATCH) {
    await setAnchorTexts(db, taskId, rows.slice(i, i + SITE_LEVEL_BATCH));
    await yieldToEventLoop();
  }
}
