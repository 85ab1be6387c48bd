import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareReports, diffQuestions } from '../../../eval/compare.js';
import { readQuestions } from '../../../eval/evaluate.js';
import { meanOverSites, summariseSite, type QuestionResult } from '../../../eval/metrics.js';
import { crawlWarning, overviewTable, type EvalReport, type SiteReport } from '../../../eval/report.js';
import { serveDir } from '../../../eval/siteServer.js';

const result = (id: string, hit: boolean, keywordHit = hit): QuestionResult => ({
  id,
  question: id,
  set: 'qa',
  answerable: true,
  expected: ['a.html'],
  answer: '',
  refused: false,
  unsure: false,
  cited: [],
  retrieved: hit ? ['a.html'] : [],
  hit,
  citedHit: hit,
  rank: hit ? 1 : 0,
  keywordHit,
  queryMs: 10,
  answerMs: 10,
});

const site = (name: string, questions: QuestionResult[]): SiteReport => ({
  name,
  bot: 'b',
  seed: 'index.html',
  pages: 1,
  chunks: 1,
  crawlSeconds: null,
  summary: summariseSite(questions),
  subsets: {},
  questions,
});

const report = (sites: SiteReport[]): EvalReport => ({
  at: '2026-01-01T00:00:00Z',
  commit: 'abc',
  argv: [],
  seconds: 1,
  sites,
  mean: meanOverSites(sites.map((s) => s.summary)),
  failures: [],
});

describe('--compare', () => {
  it('lists the questions gained and lost', () => {
    const d = diffQuestions(
      [result('q1', true), result('q2', false), result('q3', true)],
      [result('q1', false), result('q2', true), result('q3', true), result('q4', true)],
      (r) => r.hit,
    );
    expect(d).toEqual({ gained: ['q2'], lost: ['q1'] });
  });

  it('keeps a change when the mean rises and no site loses more than one question', () => {
    const before = report([
      site('one', [result('a1', true), result('a2', false), result('a3', false)]),
      site('two', [result('b1', true), result('b2', true)]),
    ]);
    const after = report([
      site('one', [result('a1', false), result('a2', true), result('a3', true)]),
      site('two', [result('b1', false), result('b2', true)]),
    ]);
    const text = compareReports(before, after);
    expect(text).toContain('retrieved recall@5: gained a2 a3; lost a1');
    expect(text).toMatch(/retrieved recall@5: mean 0\.667 -> 0\.583 \(does not rise\); lost per site: one 1, two 1 => DO NOT KEEP/);

    const better = report([
      site('one', [result('a1', true), result('a2', true), result('a3', true)]),
      site('two', [result('b1', true), result('b2', true)]),
    ]);
    expect(compareReports(before, better)).toMatch(
      /retrieved recall@5: mean 0\.667 -> 1\.000 \(rises\); lost per site: one 0, two 0 => KEEP/,
    );

    const lopsided = report([
      site('one', [result('a1', true), result('a2', true), result('a3', true)]),
      site('two', [result('b1', false), result('b2', false)]),
    ]);
    expect(compareReports(before, lopsided)).toMatch(/lost per site: one 0, two 2 => DO NOT KEEP/);
    expect(compareReports(lopsided, lopsided)).toContain('(does not rise)');
  });

  it('catches an answer change that gains keywords while its main quotes move off the expected page', () => {
    // The answer's first citation is the page its main quote is from; keywords may come from a supporting quote.
    const answered = (id: string, lead: string, keywordHit: boolean): QuestionResult => ({
      ...result(id, true, keywordHit),
      cited: [lead, 'a.html'],
      leadHit: lead === 'a.html',
    });
    const before = report([
      site('one', [answered('a1', 'a.html', false), answered('a2', 'a.html', true), answered('a3', 'a.html', false)]),
    ]);
    const after = report([site('one', [answered('a1', 'b.html', true), answered('a2', 'b.html', true), answered('a3', 'a.html', false)])]);
    const text = compareReports(before, after);
    expect(text).toContain('answer leads with expected page: gained -; lost a1 a2');
    expect(text).toMatch(/keyword hits: mean 0\.333 -> 0\.667 \(rises\); lost per site: one 0 => KEEP/);
    expect(text).toMatch(/answer leads with expected page: mean 1\.000 -> 0\.333 \(does not rise\); lost per site: one 2 => DO NOT KEEP/);
    // A report from before the measure existed is read off its citations.
    const old = report([site('one', [{ ...answered('a1', 'a.html', false), leadHit: undefined }])]);
    delete (old.sites[0]!.summary as { leadRate?: number }).leadRate;
    expect(compareReports(old, old)).toMatch(/answer leads with expected page +1\.000 +1\.000 +=/);
  });

  it('shows a held-out site but leaves it out of the mean and the keep rule', () => {
    const held = (questions: QuestionResult[]): SiteReport => ({ ...site('sqlite', questions), heldOut: true });
    const before = report([site('one', [result('a1', true), result('a2', false)]), held([result('h1', true), result('h2', true)])]);
    // The dev site gains one; the held-out site loses both: by the rule that is still a keep.
    const after = report([site('one', [result('a1', true), result('a2', true)]), held([result('h1', false), result('h2', false)])]);
    const text = compareReports(before, after);
    expect(text).toContain('retrieved recall@5: gained -; lost h1 h2');
    expect(text).toContain('held out (not in the mean or the keep rule): sqlite');
    expect(text).toMatch(/retrieved recall@5: mean 0\.500 -> 1\.000 \(rises\); lost per site: one 0 => KEEP/);
    expect(overviewTable(after)).toMatch(/sqlite \(held out\)/);
    expect(overviewTable(after)).not.toMatch(/mean of/);
  });

  it('reports the questions asked with typing slips apart, in the tables and the comparison, never in the keep rule', () => {
    const withSlips = (name: string, clean: QuestionResult[], slipped: QuestionResult[]): SiteReport => ({
      ...site(name, clean),
      typos: { summary: summariseSite(slipped), questions: slipped },
    });
    const slipReport = (sites: SiteReport[]): EvalReport => ({
      ...report(sites),
      typosMean: meanOverSites(sites.map((x) => x.typos!.summary)),
    });
    const before = slipReport([
      withSlips('one', [result('a1', true), result('a2', true)], [result('a1~typos', false), result('a2~typos', false)]),
      withSlips('two', [result('b1', true)], [result('b1~typos', false)]),
    ]);
    const after = slipReport([
      withSlips('one', [result('a1', true), result('a2', true)], [result('a1~typos', true), result('a2~typos', true)]),
      withSlips('two', [result('b1', true)], [result('b1~typos', true)]),
    ]);
    const overview = overviewTable(after);
    expect(overview).toMatch(/ {2}one typos +2\+0 +1\.000/);
    expect(overview).toMatch(/mean of 2 sites, typos/);
    const text = compareReports(before, after);
    expect(text).toContain(
      'with typing slips: recall@5 0.000, not sure 0 -> recall@5 1.000, not sure 0; retrieved recall@5 gained a1~typos a2~typos; lost -',
    );
    expect(text).toMatch(
      /with typing slips \(eval\/typos\.ts; not in the keep rule\), mean over one, two\n[^]*retrieved recall@5 +0\.000 +1\.000 +\+1\.000/,
    );
    // The clean questions did not move: by the rule, nothing to keep.
    expect(text).toMatch(/retrieved recall@5: mean 1\.000 -> 1\.000 \(does not rise\)/);
  });

  it('says which sites only one report has', () => {
    const text = compareReports(report([site('one', [result('a1', true)])]), report([site('two', [result('b1', true)])]));
    expect(text).toContain('two: not in the old report');
    expect(text).toContain('one: not in the new report');
  });
});

describe('the site table', () => {
  it('flags a crawl that indexed far fewer pages than the corpus has', () => {
    expect(crawlWarning({ pages: 217, readmePages: 242 })).toBe('');
    expect(crawlWarning({ pages: 40, readmePages: 127 })).toContain('the crawl indexed 40 pages, the README counts 127');
    expect(crawlWarning({ pages: 3 })).toBe('');
  });
});

describe('question files and the sample site server', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'eval-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a repeated id and an answerable question without expected pages', () => {
    const a = path.join(dir, 'a.jsonl');
    writeFileSync(a, '{"id":"x1","question":"q","expected_pages":["a.html"]}\n\n');
    const b = path.join(dir, 'b.jsonl');
    writeFileSync(b, '{"id":"x1","question":"again","expected_pages":["b.html"]}\n');
    expect(readQuestions([{ file: a, set: 'a' }], true)).toEqual([
      { item: { id: 'x1', question: 'q', expected_pages: ['a.html'] }, set: 'a' },
    ]);
    expect(() =>
      readQuestions(
        [
          { file: a, set: 'a' },
          { file: b, set: 'b' },
        ],
        true,
      ),
    ).toThrow('question id x1 appears twice');
    const c = path.join(dir, 'c.jsonl');
    writeFileSync(c, '{"id":"x2","question":"q"}\n');
    expect(() => readQuestions([{ file: c, set: 'c' }], true)).toThrow('x2 has no expected_pages');
  });

  it('serves a folder as the site root, and nothing outside it', async () => {
    const root = path.join(dir, 'site');
    mkdirSync(root);
    writeFileSync(path.join(root, 'index.html'), '<h1>Home</h1>');
    writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    const served = await serveDir(root);
    try {
      const home = await fetch(`${served.origin}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toContain('text/html');
      expect(await home.text()).toBe('<h1>Home</h1>');
      expect((await fetch(`${served.origin}/missing.html`)).status).toBe(404);
      expect((await fetch(`${served.origin}/..%2fsecret.txt`)).status).toBe(404);
    } finally {
      await served.stop();
    }
  });
});
