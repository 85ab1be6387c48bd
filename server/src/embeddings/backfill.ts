import { backgroundTurn, inBackground } from '../db/foregroundFirst.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { embeddingProvider, textToEmbed } from './shared.js';
import { vectorStoreFor } from './store.js';

/**
 * Gives every live chunk a vector from the configured model. Indexing embeds what it writes; this
 * catches the rest: a model change (vectors of the old model do not count and are overwritten), a
 * bot indexed while embeddings were off, a crawl whose provider failed part-way. One pass walks the
 * live chunks in id order; it runs when the worker starts and then every few minutes. Two worker
 * processes may embed the same chunk: the write is an upsert, so that costs time, not correctness.
 */
export interface Backfill {
  /** Resolves when the current pass has stopped. */
  stop(): Promise<void>;
  /** Run a pass now (tests), resolving with the number of chunks embedded. */
  runOnce(): Promise<number>;
}

const BATCH = 32;
const EVERY_MS = 10 * 60_000;

interface MissingRow {
  id: string;
  chatbot_id: string;
  title: string;
  heading_path: string;
  content: string;
}

export function startEmbeddingBackfill(
  db: Db,
  config: Config,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  opts: { everyMs?: number; autoStart?: boolean } = {},
): Backfill | undefined {
  const provider = embeddingProvider(config);
  if (!provider) return undefined;
  const stopping = new AbortController();
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function pass(): Promise<number> {
    const store = await vectorStoreFor(db);
    let after = '0';
    let done = 0;
    for (;;) {
      if (stopping.signal.aborted) return done;
      const rows = await db.query<MissingRow>(
        `SELECT c.id::text AS id, c.chatbot_id::text AS chatbot_id, c.title, c.heading_path, c.content
           FROM chunks c
          WHERE c.live AND c.id > $2::bigint
            AND NOT EXISTS (SELECT 1 FROM chunk_embeddings e WHERE e.chunk_id = c.id AND e.model = $1)
          ORDER BY c.id LIMIT $3`,
        [provider!.model, after, BATCH],
      );
      if (rows.length === 0) return done;
      after = rows[rows.length - 1]!.id;
      await backgroundTurn();
      const vectors = await provider!.embed(
        rows.map((r) => textToEmbed(provider!, { title: r.title, headingPath: r.heading_path, content: r.content })),
        'passage',
        stopping.signal,
      );
      const byBot = new Map<string, number[]>();
      rows.forEach((r, i) => byBot.set(r.chatbot_id, [...(byBot.get(r.chatbot_id) ?? []), i]));
      for (const [bot, idx] of byBot) {
        // A chunk deleted meanwhile (a swap) has no row to reference: its vector is simply not kept.
        await store
          .insert(
            db,
            bot,
            provider!.model,
            idx.map((i) => rows[i]!.id),
            idx.map((i) => vectors[i]!),
          )
          .catch(async () => {
            for (const i of idx) await store.insert(db, bot, provider!.model, [rows[i]!.id], [vectors[i]!]).catch(() => {});
          });
      }
      done += rows.length;
    }
  }

  function runOnce(): Promise<number> {
    running ??= inBackground(pass)
      .then((n) => {
        if (n > 0) log.info({ chunks: n, model: provider!.model }, 'embedded chunks that had no vector from this model');
        return n;
      })
      .catch((err) => {
        if (!stopping.signal.aborted) log.warn({ err }, 'embedding backfill stopped: the provider failed (next try in a few minutes)');
        return 0;
      })
      .finally(() => (running = undefined));
    return running;
  }

  const schedule = () => {
    timer = setTimeout(() => void runOnce().then(() => !stopping.signal.aborted && schedule()), opts.everyMs ?? EVERY_MS);
    timer.unref();
  };
  if (opts.autoStart !== false) {
    void runOnce().then(() => !stopping.signal.aborted && schedule());
  }
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
    runOnce,
  };
}
