/**
 * Randomized truncated SVD of a sparse matrix (Halko, Martinsson & Tropp 2011, algorithms 4.4 and
 * 5.1), in plain JS for the site's own LSA space (lsaBuild.ts). Dense blocks are row-major
 * Float64Arrays; orthonormalisation is CholeskyQR2 through the small Gram matrix (orthonormal()).
 * Seeded: the same matrix gives the same space in every process.
 */
import { mulberry32 } from './memoryIndex.js';

/** Compressed sparse rows: row i's entries are cols/vals[rowStart[i] .. rowStart[i + 1]). */
export interface SparseMatrix {
  rows: number;
  cols: number;
  rowStart: Int32Array;
  colIndex: Int32Array;
  values: Float32Array;
}

export interface TruncatedSvd {
  /** Rank actually found (≤ the rank asked for, and ≤ the matrix's rank). */
  k: number;
  /** Singular values, largest first. */
  s: Float64Array;
  /** Left singular vectors, rows × k, row-major. */
  u: Float64Array;
  /** Right singular vectors, cols × k, row-major. */
  v: Float64Array;
}

export interface SvdOptions {
  /** Extra random directions beyond k (the sketch's slack). */
  oversample?: number;
  /** Power iterations: each sharpens a slowly decaying spectrum at the cost of two passes. */
  powerIterations?: number;
  seed?: number;
  /** Called between passes; throw from it to stop (an aborted crawl). */
  checkpoint?: () => void;
}

/** Y (rows × l) = A X, X (cols × l). */
function times(a: SparseMatrix, x: Float64Array, l: number): Float64Array {
  const y = new Float64Array(a.rows * l);
  for (let i = 0; i < a.rows; i++) {
    const yo = i * l;
    for (let p = a.rowStart[i]!; p < a.rowStart[i + 1]!; p++) {
      const v = a.values[p]!;
      const xo = a.colIndex[p]! * l;
      for (let c = 0; c < l; c++) y[yo + c]! += v * x[xo + c]!;
    }
  }
  return y;
}

/** Z (cols × l) = Aᵀ Y, Y (rows × l). */
function transposeTimes(a: SparseMatrix, y: Float64Array, l: number): Float64Array {
  const z = new Float64Array(a.cols * l);
  for (let i = 0; i < a.rows; i++) {
    const yo = i * l;
    for (let p = a.rowStart[i]!; p < a.rowStart[i + 1]!; p++) {
      const v = a.values[p]!;
      const zo = a.colIndex[p]! * l;
      for (let c = 0; c < l; c++) z[zo + c]! += v * y[yo + c]!;
    }
  }
  return z;
}

/** G (l × l) = Yᵀ Y for a row-major block Y (n × l). */
function gram(y: Float64Array, n: number, l: number): Float64Array {
  const g = new Float64Array(l * l);
  for (let i = 0; i < n; i++) {
    const o = i * l;
    for (let a = 0; a < l; a++) {
      const ya = y[o + a]!;
      if (ya === 0) continue;
      const go = a * l;
      for (let b = a; b < l; b++) g[go + b]! += ya * y[o + b]!;
    }
  }
  for (let a = 0; a < l; a++) for (let b = 0; b < a; b++) g[a * l + b] = g[b * l + a]!;
  return g;
}

/**
 * Eigen-decomposition of a symmetric matrix (cyclic Jacobi). Returns eigenvalues descending and
 * their eigenvectors as the columns of an n × n row-major matrix.
 */
export function symmetricEigen(m: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(m);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    let diag = 0;
    for (let p = 0; p < n; p++) {
      diag += a[p * n + p]! * a[p * n + p]!;
      for (let q = p + 1; q < n; q++) off += a[p * n + q]! * a[p * n + q]!;
    }
    if (off <= 1e-30 * Math.max(diag, 1e-300)) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => a[y * n + y]! - a[x * n + x]!);
  const values = Float64Array.from(order, (i) => a[i * n + i]!);
  const vectors = new Float64Array(n * n);
  for (let r = 0; r < n; r++) order.forEach((i, c) => (vectors[r * n + c] = v[r * n + i]!));
  return { values, vectors };
}

/** Y W for Y (n × l) and W (l × w), both row-major. */
function timesSmall(y: Float64Array, n: number, l: number, w: Float64Array, wc: number): Float64Array {
  const out = new Float64Array(n * wc);
  for (let i = 0; i < n; i++) {
    const yo = i * l;
    const oo = i * wc;
    for (let a = 0; a < l; a++) {
      const ya = y[yo + a]!;
      if (ya === 0) continue;
      const wo = a * wc;
      for (let c = 0; c < wc; c++) out[oo + c]! += ya * w[wo + c]!;
    }
  }
  return out;
}

/** Lower-triangular L with G = L Lᵀ, or undefined when G is not safely positive definite. */
function cholesky(g: Float64Array, l: number): Float64Array | undefined {
  const lo = new Float64Array(l * l);
  let maxDiag = 0;
  for (let i = 0; i < l; i++) maxDiag = Math.max(maxDiag, g[i * l + i]!);
  for (let j = 0; j < l; j++) {
    let d = g[j * l + j]!;
    for (let k = 0; k < j; k++) d -= lo[j * l + k]! * lo[j * l + k]!;
    if (!(d > maxDiag * 1e-12)) return undefined;
    const root = Math.sqrt(d);
    lo[j * l + j] = root;
    for (let i = j + 1; i < l; i++) {
      let x = g[i * l + j]!;
      for (let k = 0; k < j; k++) x -= lo[i * l + k]! * lo[j * l + k]!;
      lo[i * l + j] = x / root;
    }
  }
  return lo;
}

/** Y R⁻¹ in place, row by row, with R = Lᵀ (each row solves L qᵀ = yᵀ forward). */
function solveRows(y: Float64Array, n: number, l: number, lo: Float64Array): void {
  for (let r = 0; r < n; r++) {
    const o = r * l;
    for (let j = 0; j < l; j++) {
      let x = y[o + j]!;
      for (let k = 0; k < j; k++) x -= lo[j * l + k]! * y[o + k]!;
      y[o + j] = x / lo[j * l + j]!;
    }
  }
}

/**
 * An orthonormal basis (n × l', l' ≤ l) of Y's columns. CholeskyQR2 (Fukaya et al. 2014): two
 * passes of Y ← Y R⁻¹ with Yᵀ Y = Rᵀ R, cheap because l is small (the power iterations' bases,
 * only kept from growing apart, get one). A rank-deficient Y (a small or
 * repetitive matrix) falls back to the Gram matrix's eigenvectors, dropping the directions it lacks.
 */
function orthonormal(y: Float64Array, n: number, l: number, passes = 2): { q: Float64Array; l: number } {
  let q = y;
  let width = l;
  for (let pass = 0; pass < passes; pass++) {
    const g = gram(q, n, width);
    const lo = cholesky(g, width);
    if (lo) {
      if (q === y) q = Float64Array.from(y);
      solveRows(q, n, width, lo);
      continue;
    }
    const { values, vectors } = symmetricEigen(g, width);
    const keep = Math.max(1, values.filter((x) => x > values[0]! * 1e-20 && x > 0).length);
    // W = V_keep Λ^-1/2: Y W has orthonormal columns.
    const w = new Float64Array(width * keep);
    for (let r = 0; r < width; r++) for (let c = 0; c < keep; c++) w[r * keep + c] = vectors[r * width + c]! / Math.sqrt(values[c]! || 1);
    q = timesSmall(q, n, width, w, keep);
    width = keep;
  }
  return { q, l: width };
}

/** The k largest singular triplets of A. */
export function randomizedSvd(a: SparseMatrix, k: number, opts: SvdOptions = {}): TruncatedSvd {
  const check = opts.checkpoint ?? (() => {});
  const want = Math.max(1, Math.min(k, a.rows, a.cols));
  let l = Math.min(want + (opts.oversample ?? 10), a.rows, a.cols);
  const rand = mulberry32(opts.seed ?? 1);
  const omega = new Float64Array(a.cols * l);
  for (let i = 0; i < omega.length; i++) omega[i] = rand() * 2 - 1;
  const iterations = opts.powerIterations ?? 1;
  let basis = orthonormal(times(a, omega, l), a.rows, l, iterations > 0 ? 1 : 2);
  for (let it = 0; it < iterations; it++) {
    check();
    const z = orthonormal(transposeTimes(a, basis.q, basis.l), a.cols, basis.l, 1);
    check();
    basis = orthonormal(times(a, z.q, z.l), a.rows, z.l, it === iterations - 1 ? 2 : 1);
  }
  check();
  l = basis.l;
  // B = Qᵀ A (l × cols), kept as its transpose Bt = Aᵀ Q; B Bᵀ = Btᵀ Bt = Ub Σ² Ubᵀ.
  const bt = transposeTimes(a, basis.q, l);
  const { values, vectors } = symmetricEigen(gram(bt, a.cols, l), l);
  let rank = 0;
  while (rank < Math.min(want, l) && values[rank]! > Math.max(values[0]! * 1e-20, 0)) rank++;
  const s = Float64Array.from({ length: rank }, (_, i) => Math.sqrt(values[i]!));
  const ub = new Float64Array(l * rank);
  for (let r = 0; r < l; r++) for (let c = 0; c < rank; c++) ub[r * rank + c] = vectors[r * l + c]!;
  const u = timesSmall(basis.q, a.rows, l, ub, rank);
  // V = Bt Ub Σ⁻¹.
  const v = timesSmall(bt, a.cols, l, ub, rank);
  for (let r = 0; r < a.cols; r++) for (let c = 0; c < rank; c++) v[r * rank + c]! /= s[c]!;
  return { k: rank, s, u, v };
}
