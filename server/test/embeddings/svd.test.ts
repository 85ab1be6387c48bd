import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/embeddings/memoryIndex.js';
import { randomizedSvd, symmetricEigen, type SparseMatrix } from '../../src/embeddings/svd.js';

/** A dense matrix as compressed sparse rows (zeros left out). */
function sparse(rows: number[][]): SparseMatrix {
  const rowStart = [0];
  const colIndex: number[] = [];
  const values: number[] = [];
  for (const r of rows) {
    r.forEach((v, j) => {
      if (v !== 0) {
        colIndex.push(j);
        values.push(v);
      }
    });
    rowStart.push(colIndex.length);
  }
  return {
    rows: rows.length,
    cols: rows[0]!.length,
    rowStart: Int32Array.from(rowStart),
    colIndex: Int32Array.from(colIndex),
    values: Float32Array.from(values),
  };
}

/** Singular values computed directly: square roots of AᵀA's eigenvalues. */
function directSingularValues(a: number[][]): number[] {
  const n = a[0]!.length;
  const ata = new Float64Array(n * n);
  for (const row of a) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) ata[i * n + j]! += row[i]! * row[j]!;
  return Array.from(symmetricEigen(ata, n).values, (v) => Math.sqrt(Math.max(v, 0)));
}

describe('randomized truncated SVD', () => {
  it('finds the singular values of a 3 × 2 matrix known by hand', () => {
    // [[3, 0], [0, 2], [0, 0]]: singular values 3 and 2, left vectors e1 and e2.
    const svd = randomizedSvd(
      sparse([
        [3, 0],
        [0, 2],
        [0, 0],
      ]),
      2,
    );
    expect(svd.k).toBe(2);
    expect(svd.s[0]).toBeCloseTo(3, 10);
    expect(svd.s[1]).toBeCloseTo(2, 10);
    expect(Math.abs(svd.u[0]!)).toBeCloseTo(1, 10); // u1 = ±e1
    expect(Math.abs(svd.v[1 * 2 + 1]!)).toBeCloseTo(1, 10); // v2 = ±e2
  });

  it('matches a direct computation on a random sparse matrix, and rebuilds it from its factors', () => {
    const rand = mulberry32(7);
    const a = Array.from({ length: 60 }, () => Array.from({ length: 25 }, () => (rand() < 0.3 ? Math.round(rand() * 50) / 10 : 0)));
    const exact = directSingularValues(a);
    const svd = randomizedSvd(sparse(a), 8, { powerIterations: 4 });
    expect(svd.k).toBe(8);
    for (let i = 0; i < 8; i++) expect(svd.s[i]! / exact[i]!).toBeCloseTo(1, 3);

    // With every dimension kept, U Σ Vᵀ is the matrix itself.
    const full = randomizedSvd(sparse(a), 25);
    let worst = 0;
    for (let i = 0; i < 60; i++)
      for (let j = 0; j < 25; j++) {
        let x = 0;
        for (let c = 0; c < full.k; c++) x += full.u[i * full.k + c]! * full.s[c]! * full.v[j * full.k + c]!;
        worst = Math.max(worst, Math.abs(x - a[i]![j]!));
      }
    expect(worst).toBeLessThan(1e-4);
  });

  it('returns only the rank a matrix has, and the same answer with the same seed', () => {
    // Rank 2: the third row is the sum of the first two.
    const a = [
      [1, 2, 0, 1],
      [0, 1, 3, 0],
      [1, 3, 3, 1],
    ];
    const svd = randomizedSvd(sparse(a), 3);
    expect(svd.k).toBe(2);
    const exact = directSingularValues(a);
    expect(svd.s[0]).toBeCloseTo(exact[0]!, 5);
    expect(svd.s[1]).toBeCloseTo(exact[1]!, 5);
    expect(Array.from(randomizedSvd(sparse(a), 3).u)).toEqual(Array.from(svd.u));
  });
});
