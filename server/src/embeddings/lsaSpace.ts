import { Worker } from 'node:worker_threads';
import type { Db } from '../db/db.js';
import { backgroundTurn } from '../db/foregroundFirst.js';
import type { LsaSettings, LsaSpace } from './lsaBuild.js';
import { forgetLsaSpace } from './lsaIndex.js';

/**
 * Builds a bot's LSA space from its live chunks and stores it in one statement (migration 023):
 * the chunks' tsvectors are read a page at a time on this thread (waiting for visitors' queries
 * first) and sent to a worker thread, which does all the counting and the SVD; the event loop only
 * moves pages. Called at the end of a crawl, after its content went live (index/pipeline.ts), and by
 * `scripts/build-lsa.ts` for bots indexed before.
 */
const PAGE = 2000;

export interface LsaBuildResult {
  chunks: number;
  terms: number;
  dims: number;
  /** Time in the worker's counting and SVD, and in all (reading and writing included). */
  svdMs: number;
  totalMs: number;
}

export async function buildLsaSpace(
  db: Db,
  chatbotId: string,
  opts: { signal?: AbortSignal; settings?: Partial<LsaSettings> } = {},
): Promise<LsaBuildResult | undefined> {
  const started = performance.now();
  const worker = new Worker(new URL('./lsaWorker.mjs', import.meta.url), {
    // The chunks' term counts are JS objects (about 150 MB at 50,000 chunks); the SVD's blocks are
    // typed arrays, outside this limit.
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
    workerData: { settings: opts.settings },
  });
  const replies: { resolve(v: unknown): void; reject(e: Error): void }[] = [];
  const failAll = (err: Error) => {
    for (const r of replies.splice(0)) r.reject(err);
  };
  worker.on('message', (msg: { error?: string }) => {
    const r = replies.shift();
    if (msg.error !== undefined) r?.reject(new Error(`LSA build failed: ${msg.error}`));
    else r?.resolve(msg);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the LSA build thread exited (${code})`)));
  const reply = <T>(send?: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      replies.push({ resolve: resolve as (v: unknown) => void, reject });
      if (send !== undefined) worker.postMessage(send);
    });
  const stop = () => void worker.terminate();
  opts.signal?.addEventListener('abort', stop, { once: true });
  try {
    await reply(); // ready
    let after = '0';
    let chunks = 0;
    for (;;) {
      opts.signal?.throwIfAborted();
      await backgroundTurn();
      const rows = await db.query<{ id: string; tsv: string }>(
        `SELECT c.id::text AS id, c.tsv::text AS tsv FROM chunks c
          WHERE c.chatbot_id = $1 AND c.live AND c.id > $2::bigint ORDER BY c.id LIMIT $3`,
        [chatbotId, after, PAGE],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      chunks += rows.length;
      await reply({ rows: rows.map((r) => [r.id, r.tsv]) });
    }
    if (chunks === 0) return undefined;
    const { space, ms } = await reply<{ space: LsaSpace; ms: number }>({ build: true });
    opts.signal?.throwIfAborted();
    await backgroundTurn();
    await storeSpace(db, chatbotId, space, Math.round(performance.now() - started));
    forgetLsaSpace(db, chatbotId); // this process reads the new space at once; others within seconds
    return { chunks, terms: space.terms.length, dims: space.dims, svdMs: Math.round(ms), totalMs: Math.round(performance.now() - started) };
  } finally {
    opts.signal?.removeEventListener('abort', stop);
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}

const bytes = (f: Float32Array): Buffer => Buffer.from(f.buffer, f.byteOffset, f.byteLength);

/** One upsert: the new space replaces the old at once. A bot deleted meanwhile gets none. */
async function storeSpace(db: Db, chatbotId: string, s: LsaSpace, ms: number): Promise<void> {
  await db.query(
    `INSERT INTO lsa_spaces (chatbot_id, built_at, build_ms, dims, terms, idf, term_vectors, chunk_ids, chunk_vectors)
     SELECT $1, clock_timestamp(), $2, $3, $4::text[], $5, $6, $7::text[]::bigint[], $8 WHERE EXISTS (SELECT 1 FROM chatbots WHERE id = $1)
     ON CONFLICT (chatbot_id) DO UPDATE SET built_at = EXCLUDED.built_at, build_ms = EXCLUDED.build_ms, dims = EXCLUDED.dims,
       terms = EXCLUDED.terms, idf = EXCLUDED.idf, term_vectors = EXCLUDED.term_vectors,
       chunk_ids = EXCLUDED.chunk_ids, chunk_vectors = EXCLUDED.chunk_vectors`,
    [chatbotId, ms, s.dims, s.terms, bytes(s.idf), bytes(s.termVectors), s.chunkIds, bytes(s.chunkVectors)],
  );
}
