/** The harness's JSON report and its tables. */
import type { MeanSummary, QuestionResult, SiteSummary } from './metrics.js';

export interface SiteReport {
  name: string;
  bot: string;
  seed: string;
  /** Live pages and chunks in the bot, and the page count its corpus README gives. */
  pages: number;
  chunks: number;
  readmePages?: number;
  /** A held-out site (eval/sites.ts): shown, but not in the mean or the keep rule. */
  heldOut?: boolean;
  /** Seconds the crawl took; null when an earlier run's bot was reused. */
  crawlSeconds: number | null;
  summary: SiteSummary;
  /** Named subsets of the questions (pydocs' scored set), summarised alone. */
  subsets: Record<string, SiteSummary>;
  questions: QuestionResult[];
  /**
   * The same questions with a visitor's typing slips (eval/typos.ts; ids and sets end in "~typos"),
   * apart from the figures above: a measure of robustness, not part of the mean or the keep rule.
   */
  typos?: { summary: SiteSummary; questions: QuestionResult[] };
}

export interface EvalReport {
  at: string;
  /** The commit measured (`git describe --always --dirty`). */
  commit: string;
  argv: string[];
  seconds: number;
  sites: SiteReport[];
  /** Over the dev sites only (held-out sites are left out). */
  mean: MeanSummary;
  /** The same over the dev sites' misspelt questions, when they were asked. */
  typosMean?: MeanSummary;
  /** Sites that could not be served, crawled or asked: left out of the mean. */
  failures: { site: string; error: string }[];
}

const f3 = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v.toFixed(3));
const ms = (v: number) => `${Math.round(v)}`;

/** A plain-text table, columns padded; the first column left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

/** A crawl that indexed clearly fewer pages than the corpus has (a missing part of the site skews every figure). */
export function crawlWarning(s: Pick<SiteReport, 'pages' | 'readmePages'>): string {
  if (!s.readmePages || s.pages >= CRAWL_SHORT_SHARE * s.readmePages) return '';
  return `\nWARNING: the crawl indexed ${s.pages} pages, the README counts ${s.readmePages}: check the crawl before reading the figures`;
}

/** Below this share of the README's page count a crawl is flagged (the dev sites reach 90–100 %). */
const CRAWL_SHORT_SHARE = 0.85;

/** One site: each metric for the product, and recall / MRR for the BM25 baseline beside it. */
export function siteTable(s: SiteReport): string {
  const m = s.summary;
  const title =
    `${s.name}: ${s.pages} pages${s.readmePages ? ` (README: ${s.readmePages})` : ''}, ${s.chunks} chunks` +
    `${s.crawlSeconds === null ? ', bot reused' : `, crawled in ${s.crawlSeconds}s`}; ${m.answerable} answerable, ${m.unanswerable} unanswerable`;
  const rows = [
    ['metric', 'product', 'bm25'],
    ['retrieved recall@5', f3(m.retrievedRecallAt5), f3(m.bm25RecallAt5)],
    ['cited recall@5', f3(m.citedRecallAt5), ''],
    ['answer leads with expected page', f3(m.leadRate), ''],
    ['MRR@10 (retrieved)', f3(m.mrrAt10), f3(m.bm25MrrAt10)],
    ['keyword hit rate', f3(m.keywordHitRate), ''],
    ['answer usable (lead page + every keyword)', f3(m.usableRate), ''],
    ['unanswerable declined (no sources)', f3(m.declineRate), ''],
    ['unanswerable declined or "not sure"', f3(m.refusalRate), ''],
    ['answerable refused', `${m.answerableRefused} (${f3(m.answerableRefusedShare)})`, ''],
    ['answerable "not sure"', String(Math.round(m.answerableUnsure * 10) / 10), ''],
    ['retrieval p50 / p95 ms', `${ms(m.queryP50Ms)} / ${ms(m.queryP95Ms)}`, ''],
  ];
  const groups = (g: SiteSummary['byStyle']) =>
    Object.entries(g)
      .map(([k, v]) => `${k} ${v.n}: recall ${v.recall.toFixed(2)}, kw ${v.keywords.toFixed(2)}`)
      .join('; ');
  const styles = groups(m.byStyle);
  const depths = Object.keys(m.byDepth).length > 1 ? groups(m.byDepth) : '';
  return `${title}${crawlWarning(s)}\n${table(rows)}${styles ? `\nby style: ${styles}` : ''}${depths ? `\nby depth: ${depths}` : ''}`;
}

const overviewRow = (name: string, m: SiteSummary | MeanSummary, extra: { n?: string } = {}): string[] => [
  name,
  extra.n ?? ('answerable' in m ? `${m.answerable}+${m.unanswerable}` : ''),
  f3(m.retrievedRecallAt5),
  f3(m.citedRecallAt5),
  f3(m.mrrAt10),
  f3(m.keywordHitRate),
  f3(m.leadRate),
  f3(m.usableRate),
  f3(m.declineRate),
  'answerable' in m
    ? `${m.answerableRefused} (${m.answerableRefusedShare.toFixed(2)})`
    : `${m.answerableRefused.toFixed(1)} (${m.answerableRefusedShare.toFixed(2)})`,
  'answerable' in m ? String(m.answerableUnsure) : m.answerableUnsure.toFixed(1),
  `${ms(m.queryP50Ms)} / ${ms(m.queryP95Ms)}`,
  f3(m.bm25RecallAt5),
  f3(m.bm25MrrAt10),
];

/** Every site (and its subsets, and its misspelt questions) on one row each, then the mean over sites. */
export function overviewTable(r: Pick<EvalReport, 'sites' | 'mean' | 'typosMean'>): string {
  const rows = [
    [
      'site',
      'questions',
      'ret R@5',
      'cited R@5',
      'MRR@10',
      'keywords',
      'lead',
      'usable',
      'declined',
      'ans. refused',
      'not sure',
      'query p50/p95 ms',
      'BM25 R@5',
      'BM25 MRR@10',
    ],
  ];
  const dev = r.sites.filter((s) => !s.heldOut);
  for (const s of dev) {
    rows.push(overviewRow(s.name, s.summary));
    for (const [name, sub] of Object.entries(s.subsets)) rows.push(overviewRow(`  ${s.name} ${name}`, sub));
    if (s.typos) rows.push(overviewRow(`  ${s.name} typos`, s.typos.summary));
  }
  if (dev.length > 1) rows.push(overviewRow(`mean of ${dev.length} sites`, r.mean, { n: '' }));
  if (dev.length > 1 && r.typosMean) rows.push(overviewRow(`mean of ${dev.length} sites, typos`, r.typosMean, { n: '' }));
  for (const s of r.sites.filter((x) => x.heldOut)) {
    rows.push(overviewRow(`${s.name} (held out)`, s.summary));
    if (s.typos) rows.push(overviewRow(`  ${s.name} typos`, s.typos.summary));
  }
  return table(rows);
}
