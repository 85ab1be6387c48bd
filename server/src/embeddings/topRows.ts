/** A row of a vector matrix with its score against a question. */
export interface ScoredRow<T = number> {
  id: T;
  score: number;
}

/**
 * The `limit` rows of a row-major matrix (rows × dims) with the largest dot product with q, best
 * first. One pass, a small sorted list of the best so far: for 50 of 50,000 most rows are rejected
 * by one comparison.
 */
export function topByScore(values: Float32Array, dims: number, q: Float32Array, limit: number): { row: number; score: number }[] {
  const rows = dims === 0 ? 0 : values.length / dims;
  const best: { row: number; score: number }[] = [];
  for (let row = 0; row < rows; row++) {
    let s = 0;
    for (let j = 0, o = row * dims; j < dims; j++) s += values[o + j]! * q[j]!;
    if (best.length === limit && s <= best[best.length - 1]!.score) continue;
    let k = best.length < limit ? best.length : best.length - 1;
    if (best.length < limit) best.push({ row, score: s });
    while (k > 0 && best[k - 1]!.score < s) {
      best[k] = best[k - 1]!;
      k--;
    }
    best[k] = { row, score: s };
  }
  return best;
}
