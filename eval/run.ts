/**
 * Quality harness: crawl a site into a bot, ask every question through the public API, score.
 *
 *   npm run eval -- --site http://127.0.0.1:8766/index.html --qa ../shared/corpora/pydocs-qa.jsonl \
 *     [--unanswerable ../shared/corpora/pydocs-unanswerable.jsonl] [--bot ID] [--api URL --token T]
 *     [--max-pages 1000] [--max-depth 3] [--local-dir DIR] [--out report.json]
 *     [--data-dir DIR [--rechunk]]
 *
 * Default: an in-process server stack (fresh PGlite, real app + worker) crawls --site through
 * POST /crawl-and-index. --api talks to a running server instead (--token: an owner's ID token,
 * needed only to create the bot; --bot reuses one). --local-dir indexes a folder of HTML from disk
 * with a stand-in indexer (for working on answers without the crawler).
 * --data-dir keeps the in-process database in DIR: the first run crawls, later runs reuse the bot
 * crawled from the same --site; --rechunk re-chunks its stored pages with the current chunker first
 * (for chunking changes without a recrawl).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { indexLocalDir } from './localIndex.js';
import { rechunkBot } from './rechunk.js';
import { isRefusal, keywordHit, recallHit, summarise, topPages, type AnswerRecord, type QaItem } from './metrics.js';
import { startStack, type Stack } from './stack.js';

interface Args {
  site?: string;
  qa?: string;
  unanswerable?: string;
  bot?: string;
  api?: string;
  token?: string;
  maxPages: number;
  maxDepth: number;
  localDir?: string;
  out?: string;
  dataDir?: string;
  rechunk: boolean;
  quiet: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { maxPages: 1000, maxDepth: 3, quiet: false, rechunk: false };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${key} needs a value`);
      return v;
    };
    switch (key) {
      case '--site': args.site = value(); break;
      case '--qa': args.qa = value(); break;
      case '--unanswerable': args.unanswerable = value(); break;
      case '--bot': args.bot = value(); break;
      case '--api': args.api = value().replace(/\/+$/, ''); break;
      case '--token': args.token = value(); break;
      case '--max-pages': args.maxPages = Number(value()); break;
      case '--max-depth': args.maxDepth = Number(value()); break;
      case '--local-dir': args.localDir = value(); break;
      case '--out': args.out = value(); break;
      case '--quiet': args.quiet = true; break;
      case '--data-dir': args.dataDir = value(); break;
      case '--rechunk': args.rechunk = true; break;
      default: throw new Error(`unknown argument ${key}`);
    }
  }
  if (!args.qa) throw new Error('--qa FILE.jsonl is required');
  if (!args.bot && !args.site && !args.localDir) throw new Error('--site URL (or --bot ID, or --local-dir DIR) is required');
  if ((args.dataDir || args.rechunk) && args.api) throw new Error('--data-dir and --rechunk work with the in-process stack only');
  return args;
}

const readJsonl = (file: string): QaItem[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as QaItem);

async function api<T>(base: string, method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; data: T; detail?: unknown }> {
  const res = await fetch(`${base}/api/v1${p}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { data?: T; detail?: unknown };
  return { status: res.status, data: json.data as T, detail: json.detail };
}

const visitorId = () => `visitor-${Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64url')}`;

/** Create a bot by crawling the site, and wait until its task finishes. */
async function crawlIntoBot(
  base: string,
  token: string | undefined,
  site: string,
  maxDepth: number,
  maxPages: number,
  fallback?: () => Promise<string>,
): Promise<string> {
  const started = Date.now();
  const res = await api<{ chatbot_id: string; task_id: string }>(base, 'POST', '/crawl-and-index', {
    url: site,
    max_depth: maxDepth,
    max_pages: maxPages,
    name: `eval ${new URL(site).host}`,
    description: 'Created by npm run eval',
  }, token);
  if (res.status === 404 && fallback) return fallback();
  if (res.status >= 300) throw new Error(`POST /crawl-and-index answered ${res.status}: ${JSON.stringify(res.detail)}`);
  const botId = res.data.chatbot_id;
  process.stderr.write(`crawling ${site} into bot ${botId} (task ${res.data.task_id})\n`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const tasks = await api<unknown>(base, 'GET', `/crawl-and-index/tasks/${botId}?limit=5`, undefined, token);
    const list = (Array.isArray(tasks.data) ? tasks.data : ((tasks.data as { data?: unknown[]; tasks?: unknown[] })?.data ?? (tasks.data as { tasks?: unknown[] })?.tasks ?? [])) as {
      id: string;
      status: string;
      progress: Record<string, number>;
      error: string | null;
    }[];
    const task = list.find((t) => t.id === res.data.task_id) ?? list[0];
    if (task) process.stderr.write(`\r  ${task.status} ${JSON.stringify(task.progress)} ${Math.round((Date.now() - started) / 1000)}s   `);
    if (task?.status === 'completed') break;
    if (task?.status === 'failed') throw new Error(`crawl failed: ${task.error}`);
  }
  process.stderr.write(`\ncrawl done in ${Math.round((Date.now() - started) / 1000)}s\n`);
  return botId;
}

/**
 * Before the crawl route existed (or on a build without it): run the crawler's indexing pipeline in
 * this process, exactly as the worker would for a crawl_and_index task.
 */
async function pipelineIntoBot(stack: Stack, site: string, maxDepth: number, maxPages: number): Promise<string> {
  process.stderr.write('POST /crawl-and-index is not available: running the indexing pipeline in-process\n');
  const modulePath = '../server/src/index/pipeline.js';
  const { runIndexingPipeline } = (await import(modulePath)) as {
    runIndexingPipeline(input: object): Promise<{ indexed: number; failed: number; chunks: number; timings: { totalMs: number } }>;
  };
  const bot = await insertChatbot(stack.db, { ownerUid: stack.ownerUid, name: 'eval', startUrl: site, maxDepth, maxPages });
  const result = await runIndexingPipeline({
    db: stack.db,
    config: stack.config,
    chatbotId: bot.id,
    taskId: randomUUID(),
    mode: { kind: 'crawl', url: site, maxDepth, maxPages },
  });
  await stack.db.query('VACUUM ANALYZE chunks');
  process.stderr.write(`indexed ${result.indexed} pages (${result.failed} failed, ${result.chunks} chunks) in ${Math.round(result.timings.totalMs / 1000)}s\n`);
  return bot.id;
}

/** The pages retrieval finds for a question, through the owner-only stateless query route. */
async function retrieved(base: string, botId: string, token: string, question: string): Promise<string[] | undefined> {
  const res = await api<{ sources: { url: string }[] }>(base, 'POST', `/chatbots/${botId}/query`, { question, top_k: 5 }, token);
  return res.status === 200 ? res.data.sources.map((s) => s.url) : undefined;
}

async function ask(base: string, botId: string, item: QaItem): Promise<AnswerRecord> {
  const visitor = visitorId();
  const conv = await api<{ id: string }>(base, 'POST', `/chatbots/${botId}/conversations`, { title: 'New Chat', visitor_id: visitor });
  if (conv.status !== 201 && conv.status !== 200) throw new Error(`create conversation answered ${conv.status}`);
  const started = performance.now();
  const sent = await api<{ assistant_message: { content: string; sources: { url: string }[] } }>(
    base,
    'POST',
    `/chatbots/${botId}/conversations/${conv.data.id}/messages`,
    { content: item.question, visitor_id: visitor },
  );
  const ms = Math.round(performance.now() - started);
  if (sent.status !== 200) throw new Error(`message answered ${sent.status}: ${JSON.stringify(sent.detail)}`);
  const a = sent.data.assistant_message;
  return { id: item.id, question: item.question, answer: a.content, sources: a.sources.map((s) => s.url), ms };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const qa = readJsonl(args.qa!);
  const unanswerable = args.unanswerable ? readJsonl(args.unanswerable) : [];

  let stack: Stack | undefined;
  let base = args.api;
  let token = args.token;
  if (!base) {
    const hosts = args.site ? [new URL(args.site).host] : [];
    stack = await startStack({ allowHosts: hosts, dataDir: args.dataDir });
    base = stack.base;
    token = stack.token;
  }
  try {
    let botId = args.bot;
    if (!botId && stack && args.dataDir && args.site && !args.localDir) {
      botId = (await stack.db.query<{ id: string }>(
        `SELECT b.id::text AS id FROM chatbots b WHERE b.start_url = $1 AND EXISTS (SELECT 1 FROM chunks c WHERE c.chatbot_id = b.id AND c.live)
          ORDER BY b.created_at DESC LIMIT 1`,
        [args.site],
      ))[0]?.id;
      if (botId) process.stderr.write(`reusing bot ${botId} from ${args.dataDir}\n`);
    }
    if (botId && args.rechunk) {
      if (!stack) throw new Error('--rechunk works with the in-process stack only');
      const r = await rechunkBot(stack.db, botId);
      process.stderr.write(`re-chunked ${r.documents} pages into ${r.chunks} chunks\n`);
    }
    if (!botId && args.localDir) {
      if (!stack) throw new Error('--local-dir works with the in-process stack only');
      const bot = await insertChatbot(stack.db, { ownerUid: stack.ownerUid, name: 'eval (local dir)' });
      const t = Date.now();
      const pages = await indexLocalDir(stack.db, bot.id, args.localDir, args.site ? new URL(args.site).origin : 'http://local.test');
      await stack.db.query('VACUUM ANALYZE chunks');
      process.stderr.write(`indexed ${pages} pages from ${args.localDir} in ${Math.round((Date.now() - t) / 1000)}s\n`);
      botId = bot.id;
    }
    if (!botId) {
      const direct = stack ? () => pipelineIntoBot(stack!, args.site!, args.maxDepth, args.maxPages) : undefined;
      botId = await crawlIntoBot(base, token, args.site!, args.maxDepth, args.maxPages, direct);
    }

    const answers = new Map<string, AnswerRecord>();
    for (const item of [...qa, ...unanswerable]) {
      const rec = await ask(base, botId, item);
      const expected = Boolean(item.expected_pages);
      if (expected && token) rec.retrieved = await retrieved(base, botId, token, item.question);
      answers.set(item.id, rec);
      const line = expected
        ? `${item.id} recall@5 ${recallHit(item, rec) ? 'HIT ' : 'miss'}${rec.retrieved ? ` (retrieved ${recallHit(item, { ...rec, sources: rec.retrieved }) ? 'HIT ' : 'miss'})` : ''} keywords ${keywordHit(item, rec) ? 'ok  ' : 'miss'}${isRefusal(rec.answer) ? ' REFUSED' : ''} ${rec.ms}ms  top: ${topPages(rec.sources).join(' ') || '-'}${recallHit(item, rec) ? '' : `  (want ${item.expected_pages!.join(' | ')})`}`
        : `${item.id} ${isRefusal(rec.answer) ? 'refused ' : 'ANSWERED'} ${rec.ms}ms  top: ${topPages(rec.sources, 3).join(' ') || '-'}`;
      if (!args.quiet) console.log(line);
    }
    const summary = summarise(qa, answers, unanswerable);
    console.log('\n' + JSON.stringify(summary, null, 2));
    const out = args.out ?? path.join('eval', 'reports', `eval-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify({ site: args.site, bot: botId, api: args.api ?? 'in-process', at: new Date().toISOString(), summary, answers: [...answers.values()] }, null, 2),
    );
    console.log(`report: ${out}`);
  } finally {
    await stack?.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
