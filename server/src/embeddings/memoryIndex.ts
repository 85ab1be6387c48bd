import type { Db } from '../db/db.js';
import type { VectorHit } from './store.js';

/**
 * A bot's live vectors held in memory and searched there. The first pass compares the question with
 * every chunk in a 64-dimension random projection (an eighth of the work), keeps the best few hundred,
 * and the second pass ranks those by their exact cosine; a bot small enough is searched exactly in one
 * pass. The matrix is read once and re-read when the bot's vectors change (their count or newest
 * chunk, checked at most every few seconds); bots least recently asked leave memory first.
 */
interface Matrix {
  stamp: string;
  checkedAt: number;
  ids: string[];
  values: Float32Array;
  dims: number;
  projected?: Float32Array;
}

const PROJECTED_DIMS = 64;
/** Below this many chunks one exact pass is cheap enough. */
const EXACT_BELOW = 8192;
/** Candidates the projected pass keeps per result wanted (and at least MIN_CANDIDATES). */
const CANDIDATES_PER_HIT = 10;
const MIN_CANDIDATES = 400;
const STAMP_EVERY_MS = 5000;
const MAX_CACHED_FLOATS = 64 * 1024 * 1024; // 256 MB across bots

export class MemoryVectorIndex {
  private readonly cache = new Map<string, Matrix>();
  private readonly loading = new Map<string, Promise<Matrix | undefined>>();
  private cachedFloats = 0;
  /** Counts forgetBot calls: a matrix read while a bot was being forgotten is used once, not kept. */
  private forgets = 0;
  private readonly projections = new Map<number, Float32Array>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async search(chatbotId: string, model: string, query: Float32Array, limit: number): Promise<VectorHit[]> {
    const m = await this.matrix(chatbotId, model);
    if (!m || m.dims !== query.length || m.ids.length === 0) return [];
    if (!m.projected) return top(m, query, limit, allRows(m.ids.length));
    const qp = this.project(query);
    const candidates = topRows(
      m.projected,
      PROJECTED_DIMS,
      qp,
      Math.max(MIN_CANDIDATES, limit * CANDIDATES_PER_HIT),
      allRows(m.ids.length),
    );
    return top(m, query, limit, candidates);
  }

  private async matrix(chatbotId: string, model: string): Promise<Matrix | undefined> {
    const key = `${chatbotId}\u0000${model}`;
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.checkedAt < STAMP_EVERY_MS) return this.touch(key, hit);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.refresh(key, chatbotId, model, hit).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private touch(key: string, m: Matrix): Matrix {
    this.cache.delete(key); // re-inserted: the most recently used are last
    this.cache.set(key, m);
    return m;
  }

  private async refresh(key: string, chatbotId: string, model: string, hit: Matrix | undefined): Promise<Matrix | undefined> {
    const forgets = this.forgets;
    const [s] = await this.db.query<{ n: number; mx: string | null }>(
      'SELECT count(*)::int AS n, max(chunk_id)::text AS mx FROM chunk_embeddings WHERE chatbot_id = $1 AND model = $2',
      [chatbotId, model],
    );
    const stamp = `${s?.n}:${s?.mx}`;
    if (hit?.stamp === stamp) {
      if (forgets !== this.forgets) return hit;
      hit.checkedAt = this.now();
      return this.touch(key, hit);
    }
    this.forget(key);
    if (!s?.n) return undefined;
    const rows = await this.db.query<{ id: string; v: number[] }>(
      `SELECT e.chunk_id::text AS id, e.embedding::real[] AS v
         FROM chunk_embeddings e JOIN chunks c ON c.id = e.chunk_id
        WHERE e.chatbot_id = $1 AND e.model = $2 AND c.live`,
      [chatbotId, model],
    );
    const dims = rows[0]?.v.length ?? 0;
    const usable = rows.filter((r) => r.v.length === dims);
    const values = new Float32Array(usable.length * dims);
    usable.forEach((r, i) => values.set(r.v, i * dims));
    const m: Matrix = { stamp, checkedAt: this.now(), ids: usable.map((r) => r.id), values, dims };
    if (usable.length >= EXACT_BELOW && dims > PROJECTED_DIMS) m.projected = this.projectAll(values, dims, usable.length);
    if (forgets !== this.forgets) return m; // a bot was deleted meanwhile: perhaps this one
    this.cache.set(key, m);
    this.cachedFloats += values.length + (m.projected?.length ?? 0);
    for (const k of this.cache.keys()) {
      if (this.cachedFloats <= MAX_CACHED_FLOATS || k === key) break;
      this.forget(k);
    }
    return m;
  }

  /** Drop every model's matrix of a bot (it was deleted): its vectors must not outlive it in memory. */
  forgetBot(chatbotId: string): void {
    this.forgets++;
    for (const key of [...this.cache.keys()]) if (key.startsWith(`${chatbotId}\u0000`)) this.forget(key);
  }

  private forget(key: string): void {
    const old = this.cache.get(key);
    if (!old) return;
    this.cache.delete(key);
    this.cachedFloats -= old.values.length + (old.projected?.length ?? 0);
  }

  /** A fixed random Gaussian projection per input size (seeded: every process projects alike). */
  private projection(dims: number): Float32Array {
    let r = this.projections.get(dims);
    if (!r) {
      const rand = mulberry32(dims);
      r = new Float32Array(PROJECTED_DIMS * dims);
      for (let i = 0; i < r.length; i += 2) {
        // Box-Muller: two normal deviates from two uniform ones.
        const u = Math.max(rand(), 1e-12);
        const v = rand();
        const mag = Math.sqrt(-2 * Math.log(u));
        r[i] = mag * Math.cos(2 * Math.PI * v);
        if (i + 1 < r.length) r[i + 1] = mag * Math.sin(2 * Math.PI * v);
      }
      this.projections.set(dims, r);
    }
    return r;
  }

  private project(q: Float32Array): Float32Array {
    const r = this.projection(q.length);
    const out = new Float32Array(PROJECTED_DIMS);
    for (let p = 0; p < PROJECTED_DIMS; p++) {
      let s = 0;
      for (let j = 0, o = p * q.length; j < q.length; j++) s += r[o + j]! * q[j]!;
      out[p] = s;
    }
    return out;
  }

  private projectAll(values: Float32Array, dims: number, n: number): Float32Array {
    const out = new Float32Array(n * PROJECTED_DIMS);
    for (let i = 0; i < n; i++) out.set(this.project(values.subarray(i * dims, (i + 1) * dims)), i * PROJECTED_DIMS);
    return out;
  }
}

function allRows(n: number): Int32Array {
  const rows = new Int32Array(n);
  for (let i = 0; i < n; i++) rows[i] = i;
  return rows;
}

/** The `limit` rows (of `rows`) with the largest dot product with q, best first. */
function topRows(values: Float32Array, dims: number, q: Float32Array, limit: number, rows: Int32Array): Int32Array {
  const best: { row: number; s: number }[] = [];
  for (const row of rows) {
    let s = 0;
    for (let j = 0, o = row * dims; j < dims; j++) s += values[o + j]! * q[j]!;
    if (best.length === limit && s <= best[best.length - 1]!.s) continue;
    let k = best.length < limit ? best.length : best.length - 1;
    if (best.length < limit) best.push({ row, s });
    while (k > 0 && best[k - 1]!.s < s) {
      best[k] = best[k - 1]!;
      k--;
    }
    best[k] = { row, s };
  }
  return Int32Array.from(best, (b) => b.row);
}

function top(m: Matrix, q: Float32Array, limit: number, rows: Int32Array): VectorHit[] {
  const best = topRows(m.values, m.dims, q, limit, rows);
  return Array.from(best, (row) => {
    let s = 0;
    for (let j = 0, o = row * m.dims; j < m.dims; j++) s += m.values[o + j]! * q[j]!;
    return { id: m.ids[row]!, similarity: s };
  });
}

/** Deterministic pseudo-random numbers (mulberry32): the same projection, or the same test data, every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
