import type { Db } from '../db/db.js';
import { queryTextConfig } from '../language/queryConfig.js';
import { tsvectorCounts } from './lsaBuild.js';
import { topByScore, type ScoredRow } from './topRows.js';

/**
 * Questions against a bot's LSA space (lsaSpace.ts), held in memory. The question's stems (the
 * index's own analyser) are folded in as the IDF-weighted sum of their term vectors and compared by
 * cosine with every chunk vector. The space is re-read when its row changes (checked with the
 * question's stemming, at most every few seconds); bots least recently asked leave memory first.
 */
interface Loaded {
  builtAt: string;
  checkedAt: number;
  dims: number;
  termIndex: Map<string, number>;
  idf: Float32Array;
  termVectors: Float32Array;
  chunkIds: string[];
  chunkVectors: Float32Array;
}

/** A stored float32 array (copied: a bytea's bytes need not be 4-byte aligned). */
function floats(b: Uint8Array): Float32Array {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float32Array(copy.buffer);
}

const STAMP_EVERY_MS = 5000;
const MAX_CACHED_FLOATS = 48 * 1024 * 1024; // 192 MB across bots

export class LsaIndex {
  private readonly cache = new Map<string, Loaded>();
  private readonly loading = new Map<string, Promise<Loaded | undefined>>();
  private cachedFloats = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async search(chatbotId: string, question: string, limit: number): Promise<ScoredRow<string>[]> {
    const hit = this.cache.get(chatbotId);
    const fresh = hit && this.now() - hit.checkedAt < STAMP_EVERY_MS;
    // The question in the configuration its terms are indexed in (language/queryConfig.ts).
    const config = await queryTextConfig(this.db, chatbotId, question);
    const [row] = await this.db.query<{ tsv: string; built_at: string | null }>(
      `SELECT docent_tsvector($2, $1)::text AS tsv,
              ${fresh ? 'NULL' : '(SELECT built_at::text FROM lsa_spaces WHERE chatbot_id = $3)'} AS built_at`,
      fresh ? [question, config] : [question, config, chatbotId],
    );
    const space = fresh ? hit : await this.space(chatbotId, row?.built_at ?? null, hit);
    if (!space || space.dims === 0) return [];
    const q = new Float32Array(space.dims);
    let any = false;
    for (const lexeme of tsvectorCounts(row?.tsv ?? '').keys()) {
      const t = space.termIndex.get(lexeme);
      if (t === undefined) continue;
      any = true;
      const w = space.idf[t]!;
      for (let c = 0, o = t * space.dims; c < space.dims; c++) q[c]! += w * space.termVectors[o + c]!;
    }
    if (!any) return [];
    let norm = 0;
    for (let c = 0; c < space.dims; c++) norm += q[c]! * q[c]!;
    const scale = 1 / Math.sqrt(norm || 1);
    for (let c = 0; c < space.dims; c++) q[c]! *= scale;
    return topByScore(space.chunkVectors, space.dims, q, limit).map((r) => ({ id: space.chunkIds[r.row]!, score: r.score }));
  }

  /** Drop a deleted bot's space from memory. */
  forget(chatbotId: string): void {
    const old = this.cache.get(chatbotId);
    if (!old) return;
    this.cache.delete(chatbotId);
    this.cachedFloats -= old.termVectors.length + old.chunkVectors.length;
  }

  /**
   * The space to answer from now. A new or rebuilt space is read in the background (a 50,000-chunk
   * bot's took 24 s on PGlite under load): until it is in memory the question uses the space held
   * before, or goes without this leg.
   */
  private async space(chatbotId: string, builtAt: string | null, hit: Loaded | undefined): Promise<Loaded | undefined> {
    if (builtAt === null) {
      this.forget(chatbotId);
      return undefined;
    }
    if (hit && hit.builtAt === builtAt) {
      hit.checkedAt = this.now();
      this.cache.delete(chatbotId); // re-inserted: the most recently used are last
      this.cache.set(chatbotId, hit);
      return hit;
    }
    if (!this.loading.has(chatbotId)) {
      const pending = this.load(chatbotId)
        .catch(() => undefined)
        .finally(() => this.loading.delete(chatbotId));
      this.loading.set(chatbotId, pending);
    }
    return hit;
  }

  /** Resolves once the bot's space (if any) has been read: tests, and warming a bot up. */
  async loaded(chatbotId: string): Promise<void> {
    await this.search(chatbotId, '', 1);
    await this.loading.get(chatbotId);
  }

  private async load(chatbotId: string): Promise<Loaded | undefined> {
    const [r] = await this.db.query<{
      built_at: string;
      dims: number;
      terms: string[];
      idf: Uint8Array;
      term_vectors: Uint8Array;
      chunk_ids: string[];
      chunk_vectors: Uint8Array;
    }>(
      `SELECT built_at::text AS built_at, dims, terms, idf, term_vectors, chunk_ids::text[] AS chunk_ids, chunk_vectors
         FROM lsa_spaces WHERE chatbot_id = $1`,
      [chatbotId],
    );
    this.forget(chatbotId);
    if (!r) return undefined;
    const loaded: Loaded = {
      builtAt: r.built_at,
      checkedAt: this.now(),
      dims: r.dims,
      termIndex: new Map(r.terms.map((t, i) => [t, i])),
      idf: floats(r.idf),
      termVectors: floats(r.term_vectors),
      chunkIds: r.chunk_ids,
      chunkVectors: floats(r.chunk_vectors),
    };
    this.cache.set(chatbotId, loaded);
    this.cachedFloats += loaded.termVectors.length + loaded.chunkVectors.length;
    for (const k of this.cache.keys()) {
      if (this.cachedFloats <= MAX_CACHED_FLOATS || k === chatbotId) break;
      this.forget(k);
    }
    return loaded;
  }
}

const indexes = new WeakMap<Db, LsaIndex>();

/** One index per database, shared by every retriever of the process. */
export function lsaIndexFor(db: Db): LsaIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new LsaIndex(db)));
  return index;
}

/** Forget a deleted bot's space in this process (nothing to do when no question read it). */
export function forgetLsaSpace(db: Db, chatbotId: string): void {
  indexes.get(db)?.forget(chatbotId);
}
