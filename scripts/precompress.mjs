// Writes .br and .gz beside every text asset of the built front ends, so the server sends them
// compressed without compressing on each request (@fastify/static's preCompressed). Run by
// `npm run build`; `node scripts/precompress.mjs [DIR…]` for other folders.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Types worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/i;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/** Every compressible file under dir gets name.br and name.gz (best ratio: this runs once per build). */
export function precompress(dir) {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      written += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
    written++;
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['widget/dist', 'dashboard/dist'];
  for (const dir of dirs) console.log(`${dir}: ${precompress(dir)} files precompressed (.br, .gz)`);
}
