/**
 * `npm run bench`: every benchmark in turn, each in its own process so none skews another.
 * BENCH_DATABASE_URL=postgres://… runs the listing and retrieval benchmarks on PostgreSQL too.
 * Retrieval latency needs a crawled index: BENCH_RETRIEVAL_DIR=DIR (an eval data dir, e.g.
 * `npm run eval -- --sites pydocs --data-dir DIR`) runs eval/retrievalBench.ts on a copy of it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const node = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit', env: process.env }).status === 0;
let failed = false;
for (const file of ['bench/messages.ts', 'bench/crawl.ts'].filter((f) => existsSync(f))) {
  console.log(`\n== ${file}`);
  if (!node([file])) failed = true;
}

const dir = process.env.BENCH_RETRIEVAL_DIR;
if (dir) {
  console.log('\n== eval/retrievalBench.ts');
  // The benchmark writes to its data dir (a bot of its own, migrations): it gets a copy.
  const copy = mkdtempSync(path.join(tmpdir(), 'docent-retrieval-'));
  try {
    cpSync(path.join(dir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
    const corpora = path.resolve('..', 'shared', 'corpora');
    const qa = [
      path.join(corpora, 'pydocs-qa.jsonl'),
      path.join(corpora, 'pydocs-unanswerable.jsonl'),
      'eval/dev/pydocs-dev-qa.jsonl',
      'eval/dev/pydocs-dev-unanswerable.jsonl',
    ];
    if (!node(['eval/retrievalBench.ts', path.join(copy, 'pglite'), '50000', ...qa.filter((f) => existsSync(f))])) failed = true;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
} else {
  console.log('\n(retrieval latency: set BENCH_RETRIEVAL_DIR to an eval data dir, see eval/README.md)');
}
process.exit(failed ? 1 : 0);
