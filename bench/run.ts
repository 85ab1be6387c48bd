/** `npm run bench`: every benchmark in turn, each in its own process so none skews another. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Retrieval latency needs a crawled index: eval/retrievalBench.ts (see eval/README.md).
const benches = ['bench/messages.ts', 'bench/crawl.ts'].filter((f) => existsSync(f));
let failed = false;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
