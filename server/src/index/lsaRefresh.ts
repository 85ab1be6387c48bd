import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { buildLsaSpace } from '../embeddings/lsaSpace.js';

/**
 * The last step of a crawl whose content went live: the bot's LSA space is built again from its
 * live chunks (SEMANTIC_LEGS=lsa only) and replaces the old one in one write. Questions meanwhile
 * use the old space, whose chunks that left are dropped by the retriever's live check. A failure
 * leaves the old space: the crawl itself succeeded.
 */
const BUILD_LIMIT_MS = 10 * 60_000;

export async function refreshLsaSpace(
  db: Db,
  config: Config,
  chatbotId: string,
  signal: AbortSignal | undefined,
  log: { info?(obj: object, msg: string): void; warn(obj: object, msg: string): void } | undefined,
): Promise<void> {
  if (!config.semanticLegs.includes('lsa')) return;
  // The Python docs' 14,000 chunks take seconds on an idle core; a build that runs on past this
  // (a machine under heavy load, an enormous site) is stopped and the old space kept.
  const limit = AbortSignal.timeout(BUILD_LIMIT_MS);
  try {
    const built = await buildLsaSpace(db, chatbotId, { signal: signal ? AbortSignal.any([signal, limit]) : limit });
    if (built) log?.info?.({ chatbotId, ...built }, 'LSA space built');
  } catch (err) {
    if (!signal?.aborted) log?.warn({ err, chatbotId }, 'the LSA space could not be built: questions use the previous one, if any');
  }
}
