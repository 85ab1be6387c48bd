/**
 * Retrieval-only comparison of parameter sets on every dev site at once, beside plain BM25: the
 * quick way to judge a ranking change before a full `npm run eval` (which also answers).
 *
 *   npm run eval -- --data-dir DIR                      # crawls every site once into DIR
 *   npx tsx eval/sweep.ts DIR                            # the product's parameters
 *   npx tsx eval/sweep.ts DIR '{"k1":0.9}' '{"b":0.5}'  # each JSON object is one variant
 *   npx tsx eval/sweep.ts DIR --typos                    # every question with a visitor's typing slips (typos.ts)
 *
 * Per site and variant: recall@5 of the pages retrieval keeps (a refused question keeps none, as in
 * the eval's "retrieved recall@5"), recall@5 and MRR@10 with the floor off (ranking alone), and the
 * answerable questions refused and unanswerable ones answered; then the mean over sites (each site
 * weighing the same) and, against the first variant, the questions gained and lost. Reads DIR
 * directly: not while a run holds it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import type { RetrievalParams } from '../server/src/answer/retrieval/params.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { loadBm25Index, questionLexemes } from './bm25.js';
import { readJsonl } from './evaluate.js';
import type { QaItem } from './metrics.js';
import { expectedRank } from './scoring.js';
import { botName } from './siteRun.js';
import { SITES } from './sites.js';
import { withTypos } from './typos.js';

const [dir, ...rest] = process.argv.slice(2);
if (!dir) throw new Error('usage: tsx eval/sweep.ts DATA_DIR [--typos] [\'{"param":value}\' …]');
const typos = rest.includes('--typos');
const variantArgs = rest.filter((a) => a !== '--typos');
const asked = (item: QaItem): QaItem => (typos ? { ...item, question: withTypos(item.id, item.question) } : item);
const variants: Partial<RetrievalParams>[] =
  variantArgs.length > 0 ? variantArgs.map((a) => JSON.parse(a) as Partial<RetrievalParams>) : [{}];

interface SiteFigures {
  recall: number;
  recallNoFloor: number;
  mrrNoFloor: number;
  refused: number;
  unsure: number;
  answeredUnanswerable: number;
  refusedUnanswerable: number;
  hits: Set<string>;
}

const db = await openPglite(path.join(dir, 'pglite'));
await migrate(db);
const table: { site: string; bm25: { recall: number; mrr: number }; figures: SiteFigures[] }[] = [];
for (const site of SITES) {
  const [bot] = await db.query<{ id: string }>('SELECT id::text AS id FROM chatbots WHERE name = $1 ORDER BY created_at DESC LIMIT 1', [
    botName(site),
  ]);
  if (!bot) continue;
  const qa = site.qa.flatMap((f) => readJsonl(f.file)).map(asked);
  const unanswerable = site.unanswerable.flatMap((f) => readJsonl(f.file)).map(asked);
  const bm25Index = await loadBm25Index(db, bot.id);
  let bmHits = 0;
  let bmMrr = 0;
  for (const item of qa) {
    const rank = expectedRank(
      item.expected_pages ?? [],
      bm25Index.search(await questionLexemes(db, item.question, bm25Index.textConfig), 10).map((h) => h.page),
      10,
      site.rules,
    );
    if (rank > 0 && rank <= 5) bmHits++;
    if (rank > 0) bmMrr += 1 / rank;
  }
  const figures: SiteFigures[] = [];
  for (const params of variants) {
    const retriever = new FullTextRetriever(db, undefined, { params });
    const f: SiteFigures = {
      recall: 0,
      recallNoFloor: 0,
      mrrNoFloor: 0,
      refused: 0,
      unsure: 0,
      answeredUnanswerable: 0,
      refusedUnanswerable: 0,
      hits: new Set(),
    };
    for (const item of qa) {
      const rankOf = (pages: { url: string }[]) =>
        expectedRank(
          item.expected_pages ?? [],
          pages.map((p) => p.url),
          10,
          site.rules,
        );
      const open = rankOf((await retriever.retrieve(bot.id, item.question, { pages: 10, keepBelowFloor: true })).pages);
      if (open > 0 && open <= 5) f.recallNoFloor++;
      if (open > 0) f.mrrNoFloor += 1 / open;
      // As the owner's query route retrieves: the floor applies, a refusal keeps no page.
      const product = await retriever.retrieve(bot.id, item.question, { pages: 10 });
      if (product.outcome === 'none') f.refused++;
      if (product.outcome === 'unsure') f.unsure++;
      const rank = rankOf(product.pages);
      if (rank > 0 && rank <= 5) {
        f.recall++;
        f.hits.add(item.id);
      }
    }
    for (const item of unanswerable) {
      const { outcome } = await retriever.retrieve(bot.id, item.question);
      if (outcome === 'answer') f.answeredUnanswerable++;
      if (outcome === 'none') f.refusedUnanswerable++;
    }
    const n = Math.max(1, qa.length);
    figures.push({ ...f, recall: f.recall / n, recallNoFloor: f.recallNoFloor / n, mrrNoFloor: f.mrrNoFloor / n });
  }
  table.push({ site: site.name, bm25: { recall: bmHits / Math.max(1, qa.length), mrr: bmMrr / Math.max(1, qa.length) }, figures });
}
await db.close();

// SWEEP_DUMP=FILE keeps the first variant's hits per site, to set two versions of the code side by side.
if (process.env.SWEEP_DUMP)
  writeFileSync(process.env.SWEEP_DUMP, JSON.stringify(Object.fromEntries(table.map((r) => [r.site, [...r.figures[0]!.hits]]))));
const fmt = (x: number) => x.toFixed(3);
for (const [i, params] of variants.entries()) {
  console.log(`\nvariant ${i}: ${JSON.stringify(params)}`);
  console.log(
    'site      R@5   R@5 nofloor  MRR nofloor  answerable none/unsure  unanswerable answer/none  BM25 R@5  BM25 MRR  vs variant 0',
  );
  for (const row of table) {
    const f = row.figures[i]!;
    const base = row.figures[0]!;
    const gained = [...f.hits].filter((id) => !base.hits.has(id));
    const lost = [...base.hits].filter((id) => !f.hits.has(id));
    console.log(
      `${row.site.padEnd(8)}  ${fmt(f.recall)}  ${fmt(f.recallNoFloor).padStart(11)}  ${fmt(f.mrrNoFloor).padStart(11)}  ${`${f.refused} / ${f.unsure}`.padStart(22)}  ${`${f.answeredUnanswerable} / ${f.refusedUnanswerable}`.padStart(24)}  ${fmt(row.bm25.recall).padStart(8)}  ${fmt(row.bm25.mrr).padStart(8)}  ${i === 0 ? '' : `+${gained.length} ${gained.join(' ')} / -${lost.length} ${lost.join(' ')}`}`,
    );
  }
  const mean = (g: (r: (typeof table)[number]) => number) => fmt(table.reduce((s, r) => s + g(r), 0) / Math.max(1, table.length));
  console.log(
    `mean      ${mean((r) => r.figures[i]!.recall)}  ${mean((r) => r.figures[i]!.recallNoFloor).padStart(11)}  ${mean((r) => r.figures[i]!.mrrNoFloor).padStart(11)}  ${''.padStart(22)}  ${''.padStart(24)}  ${mean((r) => r.bm25.recall).padStart(8)}  ${mean((r) => r.bm25.mrr).padStart(8)}`,
  );
}
