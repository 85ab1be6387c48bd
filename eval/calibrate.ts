/**
 * How the two evidence floors (answer / "not sure" / refuse, server/src/answer/retrieval/floor.ts)
 * are chosen: one rule over every dev site's answerable and unanswerable questions together.
 *
 *   npm run eval -- --data-dir DIR        # crawls every site once into DIR
 *   npx tsx eval/calibrate.ts DIR
 *
 * For each question it takes retrieval's evidence (the best passage coverage among the first pages),
 * then, with every site weighing the same:
 *  - answerFloor: the lowest evidence at which at most 10% of unanswerable questions would be
 *    answered (the issue's 0.9 refusal target), rounded up to the next 0.05;
 *  - unsureFloor: the highest evidence below which at most 5% of answerable questions fall on every
 *    site (the answerable-refused target holds per site: a floor met only on the mean refused 13% of
 *    the sample site's questions), rounded down to 0.05.
 * Rounding keeps the floors off the exact evidence of one question. Reads DIR directly: not while
 * a run holds it.
 */
import path from 'node:path';
import { FullTextRetriever } from '../server/src/answer/retrieval/retriever.js';
import { openPglite } from '../server/src/db/pglite.js';
import { migrate } from '../server/src/db/migrate.js';
import { readJsonl } from './evaluate.js';
import { botName } from './siteRun.js';
import { SITES } from './sites.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx eval/calibrate.ts DATA_DIR');
const db = await openPglite(path.join(dir, 'pglite'));
await migrate(db);
const retriever = new FullTextRetriever(db);
const evidence: { site: string; answerable: number[]; unanswerable: number[] }[] = [];
for (const site of SITES) {
  const [bot] = await db.query<{ id: string }>('SELECT id::text AS id FROM chatbots WHERE name = $1 ORDER BY created_at DESC LIMIT 1', [
    botName(site),
  ]);
  if (!bot) {
    console.log(`${site.name}: no bot in ${dir}, left out`);
    continue;
  }
  const of = async (files: { file: string }[]) => {
    const out: number[] = [];
    for (const item of files.flatMap((f) => readJsonl(f.file))) out.push((await retriever.retrieve(bot.id, item.question)).evidence);
    return out;
  };
  evidence.push({ site: site.name, answerable: await of(site.qa), unanswerable: await of(site.unanswerable) });
}
await db.close();

const mean = (f: (e: (typeof evidence)[number]) => number) => evidence.reduce((s, e) => s + f(e), 0) / evidence.length;
const answeredUnanswerable = (t: number) => mean((e) => e.unanswerable.filter((x) => x >= t).length / e.unanswerable.length);
const belowAnswerable = (t: number) => mean((e) => e.answerable.filter((x) => x < t).length / e.answerable.length);
const grid = Array.from({ length: 1001 }, (_, i) => i / 1000);
const answerAt = grid.find((t) => answeredUnanswerable(t) <= 0.1) ?? 1;
const worstBelowAnswerable = (t: number) =>
  Math.max(...evidence.map((e) => e.answerable.filter((x) => x < t).length / e.answerable.length));
const unsureAt = [...grid].reverse().find((t) => worstBelowAnswerable(t) <= 0.05) ?? 0;
const answerFloor = Math.ceil(answerAt * 20 - 1e-9) / 20;
const unsureFloor = Math.min(answerFloor, Math.floor(unsureAt * 20 + 1e-9) / 20);
console.log(`sites: ${evidence.map((e) => `${e.site} (${e.answerable.length} + ${e.unanswerable.length})`).join(', ')}`);
console.log(
  `answerFloor ${answerFloor} (rule met from ${answerAt}): unanswerable answered ${answeredUnanswerable(answerFloor).toFixed(3)}, answerable below ${belowAnswerable(answerFloor).toFixed(3)}`,
);
console.log(
  `unsureFloor ${unsureFloor} (rule met up to ${unsureAt}): answerable refused ${belowAnswerable(unsureFloor).toFixed(3)} (worst site ${worstBelowAnswerable(unsureFloor).toFixed(3)}), unanswerable refused outright ${(1 - answeredUnanswerable(unsureFloor)).toFixed(3)}`,
);
for (const e of evidence) {
  const share = (xs: number[], f: (x: number) => boolean) => (xs.filter(f).length / xs.length).toFixed(2);
  console.log(
    `  ${e.site}: answerable answer/unsure/refuse ${share(e.answerable, (x) => x >= answerFloor)} / ${share(e.answerable, (x) => x >= unsureFloor && x < answerFloor)} / ${share(e.answerable, (x) => x < unsureFloor)}; unanswerable ${share(e.unanswerable, (x) => x >= answerFloor)} / ${share(e.unanswerable, (x) => x >= unsureFloor && x < answerFloor)} / ${share(e.unanswerable, (x) => x < unsureFloor)}`,
  );
}
