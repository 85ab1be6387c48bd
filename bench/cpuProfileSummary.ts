/**
 * Where a bench's CPU time went, from the .cpuprofile files `node --cpu-prof` writes (one per thread):
 * self time per file group (Docent's own folders, each package in node_modules, Node's internals,
 * idle, garbage collection) and the heaviest functions.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/crawl.ts --sites=generated
 *   npx tsx bench/cpuProfileSummary.ts /tmp/prof [--top=15]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [dir = '.', ...rest] = process.argv.slice(2);
const TOP = Number(rest.find((a) => a.startsWith('--top='))?.slice(6) ?? 15);

/** The group a frame's file belongs to: a package, a Docent folder, or what V8 names it. */
function group(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName || 'anonymous'})`;
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const own = url.match(/\/(server\/src\/[^/]+|bench|shared\/src\/[^/]+)\//);
  return own ? own[1]! : path.basename(url);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const p = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    const frame = byId.get(id)!.callFrame;
    total += dt;
    const g = group(frame);
    groups.set(g, (groups.get(g) ?? 0) + dt);
    const fn = `${frame.functionName || '(anonymous)'} ${g}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
  });
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
  const top = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  for (const [g, us] of top(groups)) console.log(`  ${pct(us).padStart(6)}  ${g}`);
  console.log('  heaviest functions (self time):');
  for (const [f, us] of top(fns)) console.log(`  ${pct(us).padStart(6)}  ${f}`);
}
