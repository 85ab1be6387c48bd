import type { TaskProgress } from '../../../shared/src/api/types.js';
import { recordSources, type SourceRecord } from '../db/repositories/sources.js';
import { AnchorTextCollector } from '../crawl/anchorText.js';
import type { CrawlHooks, CrawlOutcome } from '../crawl/crawlTypes.js';
import { SiteBoilerplate } from '../crawl/siteBoilerplate.js';
import type { ChangeTracker } from './changeTracker.js';
import { INDEX_STAGES } from './indexStages.js';
import type { Indexer } from './indexer.js';
import type { PipelineInput, PipelineResult } from './pipelineTypes.js';

const PROGRESS_EVERY_MS = 1000;
const PROGRESS_EVERY_PAGES = 25;

/**
 * One task's indexing: the consumer of its crawl (crawlSite's hooks). Each outcome passes the index
 * stages (indexStages.ts); this holds what they share: the counts, the task's sources (written in
 * batches, or held back until a refresh's swap), and what the site-level finish needs.
 */
export class IndexRun implements CrawlHooks {
  readonly counts: TaskProgress = { discovered: 0, fetched: 0, indexed: 0, failed: 0, skipped: 0 };
  readonly failureKinds = new Set<string>();
  startFailure: PipelineResult['startFailure'];
  startSkipped: string | undefined;
  /** The start URL of a crawl, the first chosen URL otherwise: its failure explains an empty task. */
  readonly firstUrl: string | undefined;
  /** Depth of every admitted URL (a failure or skip's source row shows it). */
  readonly depths = new Map<string, number>();
  readonly boilerplate = new SiteBoilerplate();
  readonly anchors = new AnchorTextCollector();
  /** Stored page URL → every URL that led to it (anchors point at those). */
  readonly storedUrls = new Map<string, string[]>();
  /** A refresh keeps its sources aside until the swap: written now, they would overwrite the live content's rows even when the refresh is then refused. */
  readonly staged: SourceRecord[] = [];
  sources: SourceRecord[] = [];
  /** Outcomes since the last progress report. */
  sinceReport = 0;
  private lastReport = 0;

  constructor(
    readonly input: PipelineInput,
    readonly indexer: Indexer,
    /** A refresh's view of the live content (absent on a first crawl, which is live from the start). */
    readonly changes: ChangeTracker | undefined,
    /** Live pages of earlier tasks (0: a first crawl, written live). */
    readonly previous: number,
  ) {
    const { mode } = input;
    this.firstUrl = mode.kind === 'crawl' ? mode.url : mode.urls[0];
  }

  get live(): boolean {
    return this.previous === 0;
  }

  onAdmitted(url: string, depth: number): void {
    this.counts.discovered++;
    this.depths.set(url, depth);
  }

  /** One crawl outcome through the index stages, in order; a stage returning nothing ends it. */
  async onOutcome(outcome: CrawlOutcome): Promise<void> {
    let o: CrawlOutcome | void = outcome;
    for (const stage of INDEX_STAGES) {
      o = await stage(o, this);
      if (!o) return;
    }
  }

  async flushSources(): Promise<void> {
    const batch = this.sources;
    this.sources = [];
    if (this.live) await recordSources(this.input.db, this.input.chatbotId, this.input.taskId, batch);
    else this.staged.push(...batch);
  }

  /** Progress (and the sources so far) every few pages or every second; `force` at the end. */
  async report(force = false): Promise<void> {
    if (!force && this.sinceReport < PROGRESS_EVERY_PAGES && Date.now() - this.lastReport < PROGRESS_EVERY_MS) return;
    this.sinceReport = 0;
    this.lastReport = Date.now();
    await this.flushSources();
    await this.input.progress?.({ ...this.counts, ...this.changes?.progress() });
  }
}
