import type { TaskProgress } from '../../../shared/src/api/types.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Extractor } from '../crawl/extractor.js';
import type { LimitReached } from '../crawl/crawlTypes.js';
import type { FetchErrorKind } from '../crawl/fetchErrors.js';
import type { SafeFetcher } from '../crawl/safeFetch.js';
import type { UrlPatterns } from '../crawl/urlPatterns.js';

/** What one indexing run is asked to do (pipeline.ts) and what it reports. */
export type PipelineMode =
  | { kind: 'crawl'; url: string; maxDepth: number; maxPages: number; patterns?: UrlPatterns; allLanguages?: boolean }
  /** `partial`: these pages only (a single source): every other live page stays as it is. */
  | { kind: 'urls'; urls: string[]; partial?: boolean };

export interface PipelineInput {
  db: Db;
  config: Config;
  chatbotId: string;
  taskId: string;
  mode: PipelineMode;
  /** A refresh's crawl settings: saved on the bot with the swap, so a refresh that fails leaves it as it was. */
  settings?: { url?: string; maxDepth?: number; maxPages?: number; allLanguages?: boolean };
  /** The bot's "render JavaScript" setting: every HTML page runs in Chromium, not only app shells. */
  renderJavascript?: boolean;
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
  /** The crawl stopped at its page or depth limit with links left (null: it took every link it found, or was stopped). */
  limitReached?: LimitReached | null;
  /** Why the first URL (the start URL of a crawl) failed, if it did. */
  startFailure?: { reason: string; kind: FetchErrorKind | 'extract' };
  /** Why the first URL was fetched but not indexed (no text, noindex, a redirect off the site…), if it was. */
  startSkipped?: string;
  failureKinds: Set<string>;
  timings: { totalMs: number };
}
