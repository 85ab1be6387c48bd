import { describe, expect, it } from 'vitest';
import { compareReports } from '../../../eval/compare.js';
import { scoreQuestion, summariseSite, type QuestionResult } from '../../../eval/metrics.js';
import type { EvalReport, SiteReport } from '../../../eval/report.js';
import { UNSURE_INTRO } from '../../src/answer/answerer.js';

const base = { retrieved: [], queryMs: 1, answerMs: 1 };
const unanswerable = { id: 'u1', question: 'How do I deploy with Terraform?' };
const answerable = { id: 'a1', question: 'How do I install it?', expected_pages: ['install.html'], answer_keywords: ['npm install'] };

describe('scoring a reply by the outcome the product stored', () => {
  it('counts a decline only when the reply cites nothing: "not sure" with a quoted passage is not one', () => {
    const unsure = scoreQuestion(unanswerable, 'u', {
      ...base,
      answer: `${UNSURE_INTRO}\n\nSome passage.`,
      sources: ['http://x/deploy.html'],
      outcome: 'unsure',
    });
    expect(unsure).toMatchObject({ declined: false, unsure: true, refused: false });
    const declined = scoreQuestion(unanswerable, 'u', {
      ...base,
      answer: "This site doesn't mention Terraform.",
      sources: [],
      outcome: 'none',
    });
    expect(declined).toMatchObject({ declined: true, unsure: false });
  });

  it('reads the outcome, not the wording: an answer quoting "no information" is an answer', () => {
    const r = scoreQuestion(answerable, 'a', {
      ...base,
      answer: 'Run `npm install`. Older releases bear no information about this.',
      sources: ['http://x/install.html'],
      outcome: 'answer',
    });
    expect(r).toMatchObject({ declined: false, refused: false, keywordHit: true, leadHit: true, usable: true });
  });

  it('calls an answer usable only when it leads with an expected page and holds every keyword', () => {
    const wrongLead = scoreQuestion(answerable, 'a', {
      ...base,
      answer: 'Run `npm install`.',
      sources: ['http://x/other.html', 'http://x/install.html'],
      outcome: 'answer',
    });
    expect(wrongLead).toMatchObject({ keywordHit: true, leadHit: false, usable: false });
    const noKeyword = scoreQuestion(answerable, 'a', {
      ...base,
      answer: 'See the page.',
      sources: ['http://x/install.html'],
      outcome: 'answer',
    });
    expect(noKeyword.usable).toBe(false);
  });

  it('summarises declines apart from the looser "declined or not sure" rate', () => {
    const rs: QuestionResult[] = [
      scoreQuestion(unanswerable, 'u', { ...base, answer: 'x', sources: ['http://x/a.html'], outcome: 'unsure' }),
      scoreQuestion({ ...unanswerable, id: 'u2' }, 'u', { ...base, answer: 'no', sources: [], outcome: 'none' }),
    ];
    const s = summariseSite(rs);
    expect(s.declineRate).toBe(0.5);
    expect(s.refusalRate).toBe(1);
  });
});

describe('the keep rule reads usable answers and declines', () => {
  const site = (questions: QuestionResult[]): SiteReport => ({
    name: 's',
    bot: 'b',
    seed: 'index.html',
    pages: 1,
    chunks: 1,
    crawlSeconds: null,
    summary: summariseSite(questions),
    subsets: {},
    questions,
  });
  const report = (questions: QuestionResult[]): EvalReport => ({
    at: 'now',
    commit: 'c',
    argv: [],
    seconds: 1,
    sites: [site(questions)],
    mean: summariseSite(questions),
    failures: [],
  });

  it('says KEEP for declines that rise and names the questions gained', () => {
    const before = report([scoreQuestion(unanswerable, 'u', { ...base, answer: 'x', sources: ['http://x/a.html'], outcome: 'unsure' })]);
    const after = report([scoreQuestion(unanswerable, 'u', { ...base, answer: 'no', sources: [], outcome: 'none' })]);
    const text = compareReports(before, after);
    expect(text).toContain('unanswerable declined: gained u1; lost -');
    expect(text).toMatch(/unanswerable declined: mean 0\.000 -> 1\.000 \(rises\).*=> KEEP/);
    expect(text).toMatch(/answer usable: mean/);
  });
});
