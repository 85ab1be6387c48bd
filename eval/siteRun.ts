/** One site of a run: get its bot (crawl it, or reuse the data dir's), ask every question, summarise. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../server/src/db/db.js';
import { crawlIntoBot, type ApiTarget } from './api.js';
import { loadBm25Index } from './bm25.js';
import { evaluateBot, readQuestions, type LabelledItem } from './evaluate.js';
import { summariseSite } from './metrics.js';
import { rechunkBot } from './rechunk.js';
import type { SiteReport } from './report.js';
import { serveDir, serveScript, type ServedSite } from './siteServer.js';
import type { SiteDef } from './sites.js';
import { TYPO_SUFFIX, withTypos } from './typos.js';
import { withoutMarks } from '../server/src/language/marks.js';

export interface SiteRunOptions {
  /** Ask each question a second time with a visitor's typing slips (typos.ts), reported apart. */
  typos: boolean;
  /** Ask every question with its accents left out ("editeur par defaut"), instead of as written. */
  unaccented: boolean;
  maxPages: number;
  maxDepth: number;
  recrawl: boolean;
  rechunk: boolean;
  log: (line: string) => void;
}

/** The bot a dev site is crawled into: one per site and data dir, found again by its name. */
export const botName = (site: SiteDef) => site.botName ?? `eval:${site.name}`;

/** The newest bot with live chunks of that name (or, for a custom site, crawled from that URL by an older harness). */
async function latestBot(db: Db, name: string, startUrl: string | null): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `SELECT b.id::text AS id FROM chatbots b
      WHERE (b.name = $1 OR b.start_url = $2) AND EXISTS (SELECT 1 FROM chunks c WHERE c.chatbot_id = b.id AND c.live)
      ORDER BY b.created_at DESC LIMIT 1`,
    [name, startUrl],
  );
  return rows[0]?.id;
}

async function serve(site: SiteDef): Promise<ServedSite> {
  if ('origin' in site.serve) return { origin: site.serve.origin, stop: async () => {} };
  if ('dir' in site.serve && !existsSync(path.join(site.serve.dir, site.seed)))
    throw new Error(`${site.serve.dir}/${site.seed} is missing${site.package ? `: apt-get install ${site.package}` : ''}`);
  return 'dir' in site.serve ? serveDir(site.serve.dir) : serveScript(site.serve.script, site.seed);
}

/** Crawl the site into a new bot through the API, serving it only while the crawl runs. */
async function crawlSite(t: ApiTarget, db: Db, site: SiteDef, opts: SiteRunOptions): Promise<{ botId: string; seconds: number }> {
  const served = await serve(site);
  const started = Date.now();
  try {
    const botId = await crawlIntoBot(t, `${served.origin}/${site.seed}`, botName(site), opts.maxDepth, opts.maxPages);
    // The planner's statistics for the new rows, as a long-running server would have by now.
    await db.query('VACUUM ANALYZE chunks');
    return { botId, seconds: Math.round((Date.now() - started) / 1000) };
  } finally {
    await served.stop();
  }
}

/** Older bots of the same name (a --recrawl replaced them), removed so the data dir does not grow. */
async function removeOlderBots(t: ApiTarget, db: Db, name: string, keep: string): Promise<void> {
  const rows = await db.query<{ id: string }>(`SELECT id::text AS id FROM chatbots WHERE name = $1 AND id::text <> $2`, [name, keep]);
  for (const { id } of rows) {
    const res = await fetch(`${t.base}/api/v1/chatbots/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${t.token}` } });
    if (!res.ok) process.stderr.write(`could not delete the old bot ${id}: ${res.status}\n`);
  }
}

export async function runSite(t: ApiTarget, db: Db, site: SiteDef, opts: SiteRunOptions): Promise<SiteReport> {
  const written = (items: LabelledItem[]) => (opts.unaccented ? items.map(unaccented) : items);
  const qa = written(readQuestions(site.qa, true));
  const unanswerable = written(readQuestions(site.unanswerable, false));
  const fixedUrl = 'origin' in site.serve ? `${site.serve.origin}/${site.seed}` : null;
  let botId = opts.recrawl ? undefined : await latestBot(db, botName(site), fixedUrl);
  let crawlSeconds: number | null = null;
  if (botId) {
    process.stderr.write(`${site.name}: reusing bot ${botId}\n`);
  } else {
    ({ botId, seconds: crawlSeconds } = await crawlSite(t, db, site, opts));
    await removeOlderBots(t, db, botName(site), botId);
  }
  if (opts.rechunk) {
    const r = await rechunkBot(db, botId);
    process.stderr.write(`${site.name}: re-chunked ${r.documents} pages into ${r.chunks} chunks\n`);
  }
  const [counts] = await db.query<{ pages: number; chunks: number }>(
    `SELECT (SELECT count(*)::int FROM documents WHERE chatbot_id = $1 AND live) AS pages,
            (SELECT count(*)::int FROM chunks WHERE chatbot_id = $1 AND live) AS chunks`,
    [botId],
  );
  const bm25 = await loadBm25Index(db, botId);
  const asked = [...qa, ...unanswerable];
  const slipped = opts.typos ? asked.map(misspelt) : [];
  const all = await evaluateBot({ ...t, botId, db, bm25, rules: site.rules }, [...asked, ...slipped], opts.log);
  const questions = all.slice(0, asked.length);
  const typoQuestions = all.slice(asked.length);
  const subsets = Object.fromEntries(
    Object.entries(site.subsets ?? {}).map(([name, sets]) => [name, summariseSite(questions.filter((q) => sets.includes(q.set)))]),
  );
  return {
    name: site.name,
    bot: botId,
    seed: site.seed,
    pages: counts?.pages ?? 0,
    chunks: counts?.chunks ?? 0,
    ...(site.readmePages !== undefined && { readmePages: site.readmePages }),
    ...(site.heldOut && { heldOut: true }),
    crawlSeconds,
    summary: summariseSite(questions),
    subsets,
    questions,
    ...(opts.typos && { typos: { summary: summariseSite(typoQuestions), questions: typoQuestions } }),
  };
}

/** The same question without its accents (marks taken off letters: "défaut" → "defaut"; "ø" stays). */
const unaccented = ({ item, set }: LabelledItem): LabelledItem => ({ item: { ...item, question: withoutMarks(item.question) }, set });

/** The same question as a visitor who slipped on a key or two would type it (its id and set marked). */
const misspelt = ({ item, set }: LabelledItem): LabelledItem => ({
  item: { ...item, id: `${item.id}${TYPO_SUFFIX}`, question: withTypos(item.id, item.question) },
  set: `${set}${TYPO_SUFFIX}`,
});
