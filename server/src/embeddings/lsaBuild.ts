/**
 * The site's own LSA space (latent semantic analysis, Deerwester et al. 1990), computed from the
 * bot's live chunks: the chunk × term matrix over the stems the full-text index already has (each
 * chunk's tsvector, title and headings included), weighted (1 + ln tf) × ln(N / df), reduced by a
 * randomized truncated SVD (svd.ts). Words that keep company on this site end up near each other,
 * so a question can reach a passage that says it in other words. Pure: runs in lsaWorker.mjs.
 */
import { randomizedSvd, type SparseMatrix } from './svd.js';

export interface LsaSettings {
  /** Dimensions kept (the research: 150 on the dev sites). */
  dims: number;
  /**
   * ... but at most one per this many chunks: a space with as many dimensions as chunks is the term
   * matrix itself and relates no word to another (the sample site has 41 chunks: 5 dimensions).
   */
  chunksPerDim: number;
  powerIterations: number;
  /** A term must occur in at least this many chunks: a word seen once co-occurs with nothing. */
  minDf: number;
  /** ... and in at most this share of them: a word in most chunks says nothing about any. */
  maxDfShare: number;
  /** At most this many terms (the most widespread first): bounds the memory and time at 50,000 chunks. */
  maxTerms: number;
  seed: number;
}

export const LSA_SETTINGS: Readonly<LsaSettings> = Object.freeze({
  dims: 150,
  chunksPerDim: 8,
  powerIterations: 1,
  minDf: 2,
  maxDfShare: 0.5,
  maxTerms: 30_000,
  seed: 20261127,
});

export interface LsaSpace {
  dims: number;
  terms: string[];
  /** ln(N / df) per term: the weight a question's term gets when folded in. */
  idf: Float32Array;
  /** terms × dims, row-major: each term's right singular vector. */
  termVectors: Float32Array;
  chunkIds: string[];
  /** chunks × dims, row-major, unit length (zero for a chunk with no kept term): U Σ = A V. */
  chunkVectors: Float32Array;
}

/** Lexemes with their number of positions (tf) from a tsvector's text form (`'word':1A,5 'other':3`). */
export function tsvectorCounts(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const re = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    out.set(lexeme, m[2] ? m[2].split(',').length : 1);
  }
  return out;
}

/** Collects chunks one page at a time (the worker is fed in pages), then builds the space. */
export class LsaBuilder {
  private readonly ids: string[] = [];
  private readonly docs: Map<string, number>[] = [];
  private readonly df = new Map<string, number>();

  constructor(private readonly settings: LsaSettings = LSA_SETTINGS) {}

  add(id: string, tsv: string): void {
    const counts = tsvectorCounts(tsv);
    this.ids.push(id);
    this.docs.push(counts);
    for (const t of counts.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  get size(): number {
    return this.ids.length;
  }

  build(checkpoint?: () => void): LsaSpace {
    const s = this.settings;
    const n = this.ids.length;
    const maxDf = Math.max(s.minDf, Math.floor(n * s.maxDfShare));
    const terms = [...this.df]
      .filter(([, df]) => df >= s.minDf && df <= maxDf)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, s.maxTerms)
      .map(([t]) => t)
      .sort();
    if (terms.length === 0 || n === 0) {
      return {
        dims: 0,
        terms: [],
        idf: new Float32Array(),
        termVectors: new Float32Array(),
        chunkIds: [],
        chunkVectors: new Float32Array(),
      };
    }
    const index = new Map(terms.map((t, i) => [t, i]));
    const idf = Float32Array.from(terms, (t) => Math.log(n / this.df.get(t)!));
    const matrix = this.matrix(index, idf);
    this.docs.length = 0; // the counts are no longer needed: free them before the SVD's blocks
    const want = Math.min(s.dims, Math.max(2, Math.floor(n / s.chunksPerDim)));
    const svd = randomizedSvd(matrix, want, { powerIterations: s.powerIterations, seed: s.seed, checkpoint });
    const dims = svd.k;
    const chunkVectors = new Float32Array(n * dims);
    for (let i = 0; i < n; i++) {
      let norm = 0;
      for (let c = 0; c < dims; c++) norm += (svd.u[i * dims + c]! * svd.s[c]!) ** 2;
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let c = 0; c < dims; c++) chunkVectors[i * dims + c] = svd.u[i * dims + c]! * svd.s[c]! * scale;
    }
    return { dims, terms, idf, termVectors: Float32Array.from(svd.v), chunkIds: this.ids, chunkVectors };
  }

  private matrix(index: Map<string, number>, idf: Float32Array): SparseMatrix {
    let nnz = 0;
    for (const d of this.docs) for (const t of d.keys()) if (index.has(t)) nnz++;
    const rowStart = new Int32Array(this.docs.length + 1);
    const colIndex = new Int32Array(nnz);
    const values = new Float32Array(nnz);
    let p = 0;
    this.docs.forEach((d, i) => {
      const row = [...d].flatMap(([t, tf]) => {
        const j = index.get(t);
        return j === undefined ? [] : [[j, (1 + Math.log(tf)) * idf[j]!] as const];
      });
      row.sort((x, y) => x[0] - y[0]);
      for (const [j, w] of row) {
        colIndex[p] = j;
        values[p++] = w;
      }
      rowStart[i + 1] = p;
    });
    return { rows: this.docs.length, cols: index.size, rowStart, colIndex, values };
  }
}
