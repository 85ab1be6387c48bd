// `npm run build` (and so `npm start` and `npm run test:e2e`): builds the widget and the dashboard,
// each only when the files that feed it have changed since its last build, then precompresses what
// it built. Rebuilding both took 2 minutes of a 3-minute restart on a loaded machine; with nothing
// changed this takes well under a second. The inputs' SHA-256 is kept beside each build's output, in
// <part>/.dist-hash (not inside dist/, which the server serves), and written only once the build
// has succeeded, so an interrupted or failed build is done again next time.
//
//   node scripts/build.mjs [--force] [widget|dashboard …]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What every build reads besides its sources: dependencies, compiler settings and these scripts. */
const COMMON = ['package-lock.json', 'tsconfig.json', 'scripts/build.mjs', 'scripts/precompress.mjs'];

export const PARTS = [
  {
    name: 'widget',
    script: 'build:widget',
    dist: 'widget/dist',
    outputs: ['widget.js', 'widget-panel.js', 'widget.css'],
    inputs: ['widget/src', 'shared/src', 'rollup.config.mjs', ...COMMON],
  },
  {
    name: 'dashboard',
    script: 'build:dashboard',
    dist: 'dashboard/dist',
    outputs: ['index.html', 'theme-init.js'],
    inputs: ['dashboard/src', 'dashboard/public', 'dashboard/index.html', 'dashboard/vite.config.ts', 'shared/src', ...COMMON],
  },
];

/** Tests sit beside the sources but never reach a bundle: editing one does not call for a build. */
const NOT_AN_INPUT = /\.test\.[cm]?[jt]sx?$|(^|\/)__snapshots__\//;

/** Every file under the given paths (files or folders), relative to root, sorted. */
function listFiles(root, paths) {
  const files = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (!NOT_AN_INPUT.test(child)) files.push(child);
    }
  };
  for (const p of paths) {
    const abs = path.join(root, p);
    if (!existsSync(abs)) continue;
    if (statSync(abs).isDirectory()) walk(p);
    else files.push(p);
  }
  return [...new Set(files)].sort();
}

/** SHA-256 over each input's path and contents. */
export function inputsHash(part, root = ROOT) {
  const hash = createHash('sha256');
  for (const file of listFiles(root, part.inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (part, root) => path.join(root, path.dirname(part.dist), '.dist-hash');

/** The hash the part was last built from, if its output is still all there. */
export function builtFrom(part, root = ROOT) {
  if (!part.outputs.every((f) => existsSync(path.join(root, part.dist, f)))) return undefined;
  try {
    return readFileSync(stampFile(part, root), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Builds the parts whose inputs changed (all of them with force); returns the names built. */
export function build({ force = false, only = [], root = ROOT } = {}) {
  const built = [];
  for (const part of PARTS.filter((p) => only.length === 0 || only.includes(p.name))) {
    const started = performance.now();
    const hash = inputsHash(part, root);
    if (!force && builtFrom(part, root) === hash) {
      console.log(`${part.name}: up to date (inputs unchanged since its last build, ${hash.slice(0, 12)})`);
      continue;
    }
    rmSync(stampFile(part, root), { force: true });
    const run = spawnSync('npm', ['run', '--silent', part.script], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`${part.name}: npm run ${part.script} failed (${run.status ?? run.signal})`);
    const compressed = precompress(path.join(root, part.dist));
    writeFileSync(stampFile(part, root), `${hash}\n`);
    console.log(`${part.name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s, ${compressed} files precompressed`);
    built.push(part.name);
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--force' && !PARTS.some((p) => p.name === a));
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}: use --force and/or ${PARTS.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  try {
    build({ force: args.includes('--force'), only: args.filter((a) => a !== '--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
