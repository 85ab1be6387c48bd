import type { Db } from '../db/db.js';
import { updateCrawlSettings } from '../db/repositories/chatbots.js';
import { deleteTaskDocuments, recordCommit } from '../db/repositories/documents.js';
import { discardStagedDocuments, swapGenerationKeeping } from '../db/repositories/liveContent.js';
import { dropStaleSources, recordSources, type SourceRecord } from '../db/repositories/sources.js';
import { claimSwap } from '../db/repositories/tasks.js';
import type { ChangeTracker } from './changeTracker.js';
import type { FinishDecision } from './finish.js';
import type { IndexRun } from './indexRun.js';
import { refreshLsaSpace } from './lsaRefresh.js';
import type { PipelineResult } from './pipelineTypes.js';
import { settleBotLanguage } from '../language/botLanguage.js';

/** Sources written per statement (the swap writes a refresh's staged sources in batches). */
export const SOURCES_BATCH = 50;

export interface SwapInput {
  chatbotId: string;
  taskId: string;
  /** A refresh's view of the live content (absent on a first crawl, which is live from the start). */
  changes?: ChangeTracker;
  /** A partial refresh (one source): only these pages are replaced, every other live page stays. */
  partialUrls?: string[];
  /** A refresh's sources, held back until now. */
  staged: SourceRecord[];
  settings?: { url?: string; maxDepth?: number; maxPages?: number; allLanguages?: boolean };
  indexed: number;
}

/**
 * The last stage: in one transaction the task's generation goes live (keeping unchanged pages),
 * with its sources and the bot's crawl settings, and the commit is recorded. False when the owner
 * stopped the task after the crawl finished: a Stop that lands first wins, and nothing goes live.
 */
export async function swapIn(db: Db, s: SwapInput): Promise<boolean> {
  const { chatbotId, taskId, changes, partialUrls, staged } = s;
  return db.transaction(async (tx) => {
    if (!(await claimSwap(tx, taskId))) return false;
    if (changes)
      await swapGenerationKeeping(tx, chatbotId, taskId, partialUrls ? changes.keptAllBut(partialUrls) : changes.kept, changes.revalidated);
    for (let i = 0; i < staged.length; i += SOURCES_BATCH) await recordSources(tx, chatbotId, taskId, staged.slice(i, i + SOURCES_BATCH));
    if (!partialUrls) await dropStaleSources(tx, chatbotId, taskId);
    if (s.settings)
      await updateCrawlSettings(tx, chatbotId, s.settings.url, s.settings.maxDepth, s.settings.maxPages, s.settings.allLanguages);
    await recordCommit(tx, chatbotId, taskId, s.indexed);
    await settleBotLanguage(tx, chatbotId); // the bot's language: most live pages win (language/botLanguage.ts)
    return true;
  });
}

/**
 * swap: the finish decision carried out. A refused refresh's staged generation is dropped (the old
 * one stays live); a swap the owner's Stop beat drops it too and the run counts as stopped
 * ('aborted'); a swapped-in generation gets its LSA space. Returns how the run stopped.
 */
export async function swap(
  run: IndexRun,
  decision: FinishDecision,
  stoppedBy: PipelineResult['stoppedBy'],
): Promise<PipelineResult['stoppedBy']> {
  const { db, config, chatbotId, taskId, mode } = run.input;
  if (decision.kind === 'refuse-swap') await deleteTaskDocuments(db, taskId);
  if (decision.kind !== 'swap-in') return stoppedBy;
  const swapped = await swapIn(db, {
    chatbotId,
    taskId,
    changes: run.changes,
    partialUrls: mode.kind === 'urls' && mode.partial ? mode.urls : undefined,
    staged: run.staged,
    settings: run.input.settings,
    indexed: run.counts.indexed,
  });
  if (!swapped) {
    await discardStagedDocuments(db, taskId);
    return 'aborted';
  }
  await refreshLsaSpace(db, config, chatbotId, run.input.signal, run.input.log);
  return stoppedBy;
}
