/**
 * Before/after of two reports (`--compare OLD.json`): per site, each metric and the questions gained
 * and lost, then the keep rule: a change is kept only if the mean over sites rises and no site loses
 * more than one question.
 */
import { declined, leads, meanOverSites, usable, type MeanSummary, type QuestionResult, type SiteSummary } from './metrics.js';
import { table, type EvalReport, type SiteReport } from './report.js';

type Metric = { label: string; pick: (m: MeanSummary) => number | null; digits: number };

const METRICS: Metric[] = [
  { label: 'retrieved recall@5', pick: (m) => m.retrievedRecallAt5, digits: 3 },
  { label: 'cited recall@5', pick: (m) => m.citedRecallAt5, digits: 3 },
  { label: 'answer leads with expected page', pick: (m) => m.leadRate, digits: 3 },
  { label: 'MRR@10', pick: (m) => m.mrrAt10, digits: 3 },
  { label: 'keyword hit rate', pick: (m) => m.keywordHitRate, digits: 3 },
  { label: 'answer usable', pick: (m) => m.usableRate ?? null, digits: 3 },
  { label: 'unanswerable declined (no sources)', pick: (m) => m.declineRate ?? null, digits: 3 },
  { label: 'unanswerable declined or "not sure"', pick: (m) => m.refusalRate, digits: 3 },
  { label: 'answerable refused', pick: (m) => m.answerableRefused, digits: 0 },
  { label: 'answerable "not sure"', pick: (m) => m.answerableUnsure, digits: 0 },
  { label: 'retrieval p50 ms', pick: (m) => m.queryP50Ms, digits: 0 },
  { label: 'retrieval p95 ms', pick: (m) => m.queryP95Ms, digits: 0 },
  { label: 'BM25 recall@5', pick: (m) => m.bm25RecallAt5, digits: 3 },
  { label: 'BM25 MRR@10', pick: (m) => m.bm25MrrAt10, digits: 3 },
];

function metricRows(before: MeanSummary, after: MeanSummary): string[][] {
  const rows = [['metric', 'before', 'after', 'change']];
  for (const m of METRICS) {
    const a = m.pick(before);
    const b = m.pick(after);
    // A count averaged over sites is not whole: one decimal then.
    const fmt = (v: number | null) => (v === null ? '-' : v.toFixed(m.digits === 0 && !Number.isInteger(v) ? 1 : m.digits));
    const d = a === null || b === null ? '' : b - a === 0 ? '=' : `${b > a ? '+' : ''}${fmt(b - a)}`;
    rows.push([m.label, fmt(a), fmt(b), d]);
  }
  return rows;
}

export interface QuestionDiff {
  gained: string[];
  lost: string[];
}

/** Questions (by id, in both reports) that a yes/no measure turned on or off. */
export function diffQuestions(
  before: QuestionResult[],
  after: QuestionResult[],
  pick: (r: QuestionResult) => boolean | undefined,
): QuestionDiff {
  const old = new Map(before.map((r) => [r.id, r]));
  const diff: QuestionDiff = { gained: [], lost: [] };
  for (const r of after) {
    const o = old.get(r.id);
    if (!o) continue;
    const was = Boolean(pick(o));
    const now = Boolean(pick(r));
    if (!was && now) diff.gained.push(r.id);
    if (was && !now) diff.lost.push(r.id);
  }
  return diff;
}

const ids = (d: QuestionDiff) => `gained ${d.gained.length ? d.gained.join(' ') : '-'}; lost ${d.lost.length ? d.lost.join(' ') : '-'}`;

const DIFFS: { label: string; pick: (r: QuestionResult) => boolean | undefined; answerable: boolean }[] = [
  { label: 'retrieved recall@5', pick: (r) => r.hit, answerable: true },
  { label: 'keyword hits', pick: (r) => r.keywordHit, answerable: true },
  { label: 'answer leads with expected page', pick: leads, answerable: true },
  { label: 'answer usable', pick: usable, answerable: true },
  // Declined only when the reply cites nothing: a "not sure" quoting an unrelated passage is what
  // a visitor reads as an answer.
  { label: 'unanswerable declined', pick: declined, answerable: false },
];

function siteDiffs(before: SiteReport, after: SiteReport): QuestionDiff[] {
  return DIFFS.map((d) =>
    diffQuestions(
      before.questions.filter((q) => q.answerable === d.answerable),
      after.questions.filter((q) => q.answerable === d.answerable),
      d.pick,
    ),
  );
}

export function compareReports(before: EvalReport, after: EvalReport): string {
  const out: string[] = [`before: ${before.commit} (${before.at})   after: ${after.commit} (${after.at})`];
  const common: { b: SiteReport; a: SiteReport }[] = [];
  for (const a of after.sites) {
    const b = before.sites.find((s) => s.name === a.name);
    if (!b) {
      out.push(`\n${a.name}: not in the old report`);
      continue;
    }
    // Reports from before the lead, usable and decline measures existed: read them off their questions.
    for (const r of [a, b]) {
      const ans = r.questions.filter((q) => q.answerable);
      const un = r.questions.filter((q) => !q.answerable);
      r.summary.leadRate ??= ans.length ? ans.filter(leads).length / ans.length : 0;
      r.summary.usableRate ??= ans.length ? ans.filter(usable).length / ans.length : 0;
      r.summary.declineRate ??= un.length ? un.filter(declined).length / un.length : null;
    }
    common.push({ b, a });
    out.push(`\n${a.name}`, table(metricRows(b.summary, a.summary)));
    siteDiffs(b, a).forEach((d, i) => out.push(`${DIFFS[i]!.label}: ${ids(d)}`));
    if (a.typos && b.typos) {
      const d = diffQuestions(b.typos.questions, a.typos.questions, (r) => r.hit);
      const f = (m: SiteSummary) => `recall@5 ${m.retrievedRecallAt5.toFixed(3)}, not sure ${m.answerableUnsure}`;
      out.push(`with typing slips: ${f(b.typos.summary)} -> ${f(a.typos.summary)}; retrieved recall@5 ${ids(d)}`);
    }
  }
  for (const b of before.sites) if (!after.sites.some((s) => s.name === b.name)) out.push(`\n${b.name}: not in the new report`);
  // Held-out sites are compared above, site by site, but never decide: the rule is read on the dev sites.
  const held = common.filter((c) => c.a.heldOut || c.b.heldOut).map((c) => c.a.name);
  if (held.length) out.push(`\nheld out (not in the mean or the keep rule): ${held.join(', ')}`);
  const dev = common.filter((c) => !c.a.heldOut && !c.b.heldOut);
  if (dev.length === 0) return out.join('\n');

  const meanBefore = meanOverSites(dev.map((c) => c.b.summary));
  const meanAfter = meanOverSites(dev.map((c) => c.a.summary));
  out.push(`\nmean over ${dev.map((c) => c.a.name).join(', ')}`, table(metricRows(meanBefore, meanAfter)));
  out.push(
    '\nkeep rule: the mean rises and no site loses more than one question (an answer change must also keep its answers leading with the expected page, usable and declining as often)',
  );
  for (const [i, pick] of [
    [0, (m: MeanSummary) => m.retrievedRecallAt5],
    [1, (m: MeanSummary) => m.keywordHitRate],
    [2, (m: MeanSummary) => m.leadRate],
    [3, (m: MeanSummary) => m.usableRate],
    [4, (m: MeanSummary) => m.declineRate ?? 0],
  ] as const) {
    const per = dev.map((c) => ({ name: c.a.name, lost: siteDiffs(c.b, c.a)[i]!.lost.length }));
    const worst = per.reduce((w, p) => (p.lost > w.lost ? p : w), per[0]!);
    const rises = pick(meanAfter) > pick(meanBefore);
    const verdict =
      rises && worst.lost <= 1 ? 'KEEP' : pick(meanAfter) === pick(meanBefore) && worst.lost === 0 ? 'NO CHANGE' : 'DO NOT KEEP';
    out.push(
      `  ${DIFFS[i]!.label}: mean ${pick(meanBefore).toFixed(3)} -> ${pick(meanAfter).toFixed(3)}${rises ? ' (rises)' : ' (does not rise)'}; ` +
        `lost per site: ${per.map((p) => `${p.name} ${p.lost}`).join(', ')} => ${verdict}`,
    );
  }
  const slipped = dev.filter((c) => c.a.typos && c.b.typos);
  if (slipped.length === dev.length) {
    out.push(
      `\nwith typing slips (eval/typos.ts; not in the keep rule), mean over ${slipped.map((c) => c.a.name).join(', ')}`,
      table(metricRows(meanOverSites(slipped.map((c) => c.b.typos!.summary)), meanOverSites(slipped.map((c) => c.a.typos!.summary)))),
    );
  }
  return out.join('\n');
}
