import { committedDocuments, countOtherLiveDocuments, deleteTaskDocuments } from '../db/repositories/documents.js';
import { liveDocumentHashes } from '../db/repositories/liveContent.js';
import type { CrawlOptions } from '../crawl/crawlTypes.js';
import { sharedExtractPool } from '../crawl/extractPool.js';
import { sharedBrowserPool } from '../crawl/render/browserPool.js';
import type { Extractor } from '../crawl/extractor.js';
import { createSafeFetcher, type SafeFetcher } from '../crawl/safeFetch.js';
import { urlFilter } from '../crawl/urlPatterns.js';
import { embeddingProvider } from '../embeddings/shared.js';
import { vectorStoreFor } from '../embeddings/store.js';
import { ChangeTracker } from './changeTracker.js';
import { MarkdownChunker } from './chunker.js';
import { Indexer } from './indexer.js';
import { IndexRun } from './indexRun.js';
import type { PipelineInput, PipelineResult } from './pipelineTypes.js';

/**
 * resume: a retried attempt first removes what the previous attempt of the same task wrote, unless
 * that attempt already committed: then there is nothing left to do, and this is its result.
 */
export async function resume(input: PipelineInput, started: number): Promise<PipelineResult | undefined> {
  const committed = await committedDocuments(input.db, input.taskId);
  if (committed === undefined) {
    await deleteTaskDocuments(input.db, input.taskId);
    return undefined;
  }
  const counts = { discovered: 0, fetched: 0, indexed: committed, failed: 0, skipped: 0 };
  const timings = { totalMs: Date.now() - started };
  return { ...counts, chunks: 0, attempted: 0, alreadyCommitted: true, failureKinds: new Set(), timings };
}

/**
 * plan: what this run writes into. A first crawl writes live; a refresh stages a new generation
 * and keeps the live pages it finds unchanged instead of rewriting them.
 */
export async function planIndexRun(input: PipelineInput): Promise<IndexRun> {
  const { db, config, chatbotId, taskId, mode } = input;
  const previous = await countOtherLiveDocuments(db, chatbotId, taskId);
  const changes =
    previous === 0 ? undefined : new ChangeTracker(await liveDocumentHashes(db, chatbotId), mode.kind === 'urls' && mode.partial);
  const provider = embeddingProvider(config);
  const indexer = new Indexer(db, {
    chatbotId,
    taskId,
    live: previous === 0,
    chunker: new MarkdownChunker(),
    embeddings: provider ? { provider, store: await vectorStoreFor(db) } : undefined,
    signal: input.signal,
    onEmbeddingError: (err) =>
      input.log?.warn({ err }, 'embeddings stopped for this task: the provider failed (the backfill retries later)'),
  });
  return new IndexRun(input, indexer, changes, previous);
}

/** The crawl's parts: injected (tests, benchmarks) or built from config; `close` ends only what was built here. */
export interface CrawlParts {
  fetcher: SafeFetcher;
  extractor: Extractor;
  close(): Promise<void>;
}

export async function openCrawlParts(input: PipelineInput): Promise<CrawlParts> {
  const { config } = input;
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
  const close = async () => {
    if (!input.fetcher) await fetcher.close();
    if (!input.extractor) await extractor.close();
  };
  return { fetcher, extractor, close };
}

/** The crawl a task's mode asks for: a site from its start URL, or exactly the chosen URLs. */
export function crawlOptions(input: PipelineInput, run: IndexRun): CrawlOptions {
  const { config, mode } = input;
  const crawl = mode.kind === 'crawl';
  const { changes } = run;
  return {
    startUrls: crawl ? [mode.url] : mode.urls,
    followLinks: crawl,
    maxDepth: crawl ? mode.maxDepth : 0,
    maxPages: crawl ? mode.maxPages : mode.urls.length,
    concurrency: config.CRAWL_CONCURRENCY,
    timeBudgetMs: config.CRAWL_TOTAL_SECONDS * 1000,
    userAgent: config.CRAWL_USER_AGENT,
    keep: crawl ? urlFilter(mode.patterns) : undefined,
    allLanguages: crawl && mode.allLanguages === true,
    prior: changes && ((url) => changes.prior(url)),
    // App shells (or every page, by the bot's setting) run in the shared browser (crawl/render/).
    render: {
      renderer: sharedBrowserPool(config.CHROMIUM_PATH),
      allowHosts: config.CRAWL_ALLOW_HOSTS,
      everyPage: input.renderJavascript === true,
      timeoutMs: config.CRAWL_TIMEOUT_MS,
    },
    signal: input.signal,
  };
}
