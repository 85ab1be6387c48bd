/**
 * Quality harness: crawl every dev site into its own bot through the real API, ask every question
 * as a visitor and as the owner, score, and compare with a plain BM25 baseline (eval/README.md).
 *
 *   npm run eval                                   # every dev site, fresh database
 *   npm run eval -- --sites pydocs,git --data-dir /tmp/eval [--recrawl] [--rechunk]
 *   npm run eval -- --compare eval/reports/OLD.json            # after the run, before/after
 *   npm run eval -- --compare OLD.json --to NEW.json           # two reports, no run
 *   npm run eval -- --site http://127.0.0.1:8766/index.html --qa FILE [--unanswerable FILE]
 *
 * The stack (eval/stack.ts) is the real app, worker and a PGlite database in this process; the
 * harness serves each site itself, on a free port, while it is crawled. --data-dir keeps the
 * database: later runs reuse each site's bot (no recrawl) unless --recrawl.
 */
import { DEFAULT_PARAMS, type RetrievalParams } from '../server/src/answer/retrieval/params.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compareReports } from './compare.js';
import { meanOverSites } from './metrics.js';
import { overviewTable, siteTable, type EvalReport, type SiteReport } from './report.js';
import { runSite } from './siteRun.js';
import { customSite, pickSites, type SiteDef } from './sites.js';
import { startStack } from './stack.js';
import { startFakeEmbeddings } from './fakeEmbeddings.js';
import { localEmbeddings } from '../server/src/embeddings/local.js';

/** Vectors for the fake OpenAI-compatible server: the local model over the full passage text. */
function localModelVectors(): (texts: string[]) => Promise<number[][]> {
  const model = localEmbeddings();
  return async (texts) => (await model.embed(texts, texts.length === 1 ? 'query' : 'passage')).map((v) => Array.from(v));
}

interface Args {
  sites?: string;
  site?: string;
  qa?: string;
  unanswerable?: string;
  maxPages: number;
  maxDepth: number;
  out?: string;
  dataDir?: string;
  recrawl: boolean;
  rechunk: boolean;
  compare?: string;
  to?: string;
  quiet: boolean;
  /** Each question asked again with typing slips (`--no-typos` skips them). */
  typos: boolean;
  /** Every question asked with its accents left out, as on a phone or a foreign keyboard (`--unaccented`). */
  unaccented: boolean;
  /** Retrieval parameters other than DEFAULT_PARAMS (`--params '{"anchorShare":0}'`). */
  params?: Partial<RetrievalParams>;
  /** The semantic leg: off, the local model, or `openai` against a fake server that runs the local model. */
  embeddings?: 'local' | 'openai' | 'off';
}

/** A JSON object of retrieval parameters; unknown names and non-numbers are refused, not ignored. */
function parseParams(json: string): Partial<RetrievalParams> {
  const given = JSON.parse(json) as Record<string, unknown>;
  for (const [k, v] of Object.entries(given)) {
    if (!(k in DEFAULT_PARAMS)) throw new Error(`--params: no retrieval parameter named ${k}`);
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`--params: ${k} must be a number`);
  }
  return given as Partial<RetrievalParams>;
}

const USAGE = `usage: npm run eval -- [--sites pydocs,debian,git,sample,sqlite] [--data-dir DIR [--recrawl]] [--rechunk]
       [--out FILE] [--compare OLD.json [--to NEW.json]] [--quiet] [--no-typos] [--unaccented] [--max-pages N] [--max-depth N] [--params JSON]
       [--embeddings local|openai|off]
   or: npm run eval -- --site URL --qa FILE [--unanswerable FILE] [same options]`;

function parseArgs(argv: string[]): Args {
  const args: Args = { maxPages: 1000, maxDepth: 3, quiet: false, typos: true, unaccented: false, rechunk: false, recrawl: false };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${key} needs a value\n${USAGE}`);
      return v;
    };
    const count = () => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new Error(`${key} must be a whole number of at least 1`);
      return n;
    };
    switch (key) {
      case '--sites':
        args.sites = value();
        break;
      case '--site':
        args.site = value();
        break;
      case '--qa':
        args.qa = value();
        break;
      case '--unanswerable':
        args.unanswerable = value();
        break;
      case '--max-pages':
        args.maxPages = count();
        break;
      case '--max-depth':
        args.maxDepth = count();
        break;
      case '--out':
        args.out = value();
        break;
      case '--data-dir':
        args.dataDir = value();
        break;
      case '--recrawl':
        args.recrawl = true;
        break;
      case '--rechunk':
        args.rechunk = true;
        break;
      case '--compare':
        args.compare = value();
        break;
      case '--to':
        args.to = value();
        break;
      case '--quiet':
        args.quiet = true;
        break;
      case '--no-typos':
        args.typos = false;
        break;
      case '--unaccented':
        args.unaccented = true;
        break;
      case '--params':
        args.params = parseParams(value());
        break;
      case '--embeddings': {
        const v = value();
        if (v !== 'local' && v !== 'openai' && v !== 'off') throw new Error(`--embeddings: local, openai or off, not ${v}`);
        args.embeddings = v;
        break;
      }
      case '--help':
      case '-h':
        throw new Error(USAGE);
      default:
        throw new Error(`unknown argument ${key}\n${USAGE}`);
    }
  }
  if (args.site && args.sites) throw new Error('--site (a custom site) and --sites (dev sites) do not go together');
  if (args.site && !args.qa) throw new Error('--site needs --qa FILE.jsonl');
  if (!args.site && (args.qa || args.unanswerable)) throw new Error('--qa and --unanswerable go with --site URL');
  if (args.to && !args.compare) throw new Error('--to NEW.json goes with --compare OLD.json');
  return args;
}

function commit(): string {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

const readReport = (file: string): EvalReport => {
  const r = JSON.parse(readFileSync(file, 'utf8')) as EvalReport;
  if (!Array.isArray(r.sites)) throw new Error(`${file} is not a report of this harness (no "sites")`);
  return r;
};

async function evaluate(args: Args, sites: SiteDef[]): Promise<EvalReport> {
  const started = Date.now();
  const allowHosts = [...new Set(sites.map((s) => ('origin' in s.serve ? new URL(s.serve.origin).host : '127.0.0.1')))];
  const fake = args.embeddings === 'openai' ? await startFakeEmbeddings(localModelVectors()) : undefined;
  const env: Record<string, string> = args.embeddings ? { EMBEDDINGS: args.embeddings } : {};
  if (fake) Object.assign(env, { EMBEDDING_BASE_URL: fake.url, EMBEDDING_MODEL: 'use-lite-full-text' });
  const stack = await startStack({ allowHosts, dataDir: args.dataDir, params: args.params, env });
  const reports: SiteReport[] = [];
  const failures: { site: string; error: string }[] = [];
  try {
    const target = { base: stack.base, token: stack.token };
    for (const site of sites) {
      const opts = { ...args, log: (line: string) => (args.quiet ? undefined : console.log(`${site.name} ${line}`)) };
      // One site that cannot be served or crawled does not cost the others' figures; it is reported.
      try {
        const report = await runSite(target, stack.db, site, opts);
        reports.push(report);
        console.log(`\n${siteTable(report)}\n`);
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        failures.push({ site: site.name, error });
        console.error(`\n${site.name} FAILED: ${error}\n`);
      }
    }
  } finally {
    await stack.close();
    await fake?.close();
  }
  return {
    at: new Date().toISOString(),
    commit: commit(),
    argv: process.argv.slice(2),
    seconds: Math.round((Date.now() - started) / 1000),
    sites: reports,
    mean: meanOverSites(reports.filter((r) => !r.heldOut).map((r) => r.summary)),
    ...(args.typos && { typosMean: meanOverSites(reports.filter((r) => !r.heldOut && r.typos).map((r) => r.typos!.summary)) }),
    failures,
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.compare && args.to) {
    console.log(compareReports(readReport(args.compare), readReport(args.to)));
    return;
  }
  const before = args.compare ? readReport(args.compare) : undefined;
  const sites = args.site ? [customSite(args.site, args.qa!, args.unanswerable)] : pickSites(args.sites);
  const report = await evaluate(args, sites);
  console.log(overviewTable(report));
  console.log(`\n${report.sites.length} site(s) in ${report.seconds}s`);
  const out = args.out ?? path.join('eval', 'reports', `eval-${report.at.replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(report, null, 1));
  console.log(`report: ${out}`);
  if (before) console.log(`\n${compareReports(before, report)}`);
  if (report.failures.length) {
    console.error(`\nFAILED (the mean leaves them out): ${report.failures.map((f) => `${f.site}: ${f.error}`).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
