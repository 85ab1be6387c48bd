import { describe, expect, it } from 'vitest';
import { meanOverSites, scoreQuestion, summariseSite } from '../../../eval/metrics.js';
import { containsKeyword, expectedRank, hitAt, isRefusal, pageKey, percentile, reciprocalRank, topPages } from '../../../eval/scoring.js';
import { SITES } from '../../../eval/sites.js';
import { UNSURE_INTRO } from '../../src/answer/answerer.js';

const rulesOf = (name: string) => SITES.find((s) => s.name === name)!.rules;

describe('pageKey: URLs reduced to the served root, per the corpora READMEs', () => {
  it('drops scheme, host, query and fragment, and percent-decodes', () => {
    expect(pageKey('http://127.0.0.1:8766/library/functools.html?x=1#functools.cache')).toBe('library/functools.html');
    expect(pageKey('http://127.0.0.1:8769/howto/rebase%20and%20merge.html')).toBe('howto/rebase and merge.html');
    expect(pageKey('library/os.html')).toBe('library/os.html');
  });

  it('maps the site root to index.html', () => {
    expect(pageKey('http://127.0.0.1:8769/')).toBe('index.html');
    expect(pageKey('http://127.0.0.1:8769')).toBe('index.html');
  });

  it("maps the Debian Handbook's off-site canonical URLs back to the page", () => {
    expect(pageKey('https://debian-handbook.info/browse/stable/sect.apt-get.html', rulesOf('debian'))).toBe('sect.apt-get.html');
    expect(pageKey('http://127.0.0.1:8768/sect.apt-get.html#id-1', rulesOf('debian'))).toBe('sect.apt-get.html');
  });

  it('counts index.html and git.html as one page on the git site', () => {
    const git = rulesOf('git');
    expect(pageKey('http://127.0.0.1:8769/git.html', git)).toBe('index.html');
    expect(topPages(['http://h/index.html', 'http://h/git.html', 'http://h/', 'http://h/git-log.html'], 5, git)).toEqual([
      'index.html',
      'git-log.html',
    ]);
    expect(pageKey('http://127.0.0.1:8766/git.html')).toBe('git.html');
  });
});

describe('ranks over distinct pages', () => {
  const urls = [
    'http://h/a.html#x',
    'http://h/a.html#y',
    'http://h/b.html',
    'http://h/c.html',
    'http://h/d.html',
    'http://h/e.html',
    'http://h/f.html',
  ];

  it('reads recall@5 on the first five distinct pages, however many chunks a page repeats', () => {
    expect(hitAt(['e.html'], urls, 5)).toBe(true);
    expect(hitAt(['f.html'], urls, 5)).toBe(false);
  });

  it('gives the rank of the first expected page among the first k, 0 when absent', () => {
    expect(expectedRank(['d.html', 'b.html'], urls, 10)).toBe(2);
    expect(reciprocalRank(['d.html'], urls, 10)).toBeCloseTo(1 / 4);
    expect(reciprocalRank(['f.html'], urls, 5)).toBe(0);
    expect(reciprocalRank(['zz.html'], [], 10)).toBe(0);
  });

  it('applies the site rules to the expected pages too', () => {
    expect(hitAt(['git.html'], ['http://h/'], 5, rulesOf('git'))).toBe(true);
  });
});

describe('keyword matching', () => {
  it('ignores case and typographic quotes', () => {
    expect(containsKeyword('Get a certificate from Let’s Encrypt.', "Let's Encrypt")).toBe(true);
    expect(containsKeyword('Set “Pin-Priority” to 1001', '"pin-priority"')).toBe(true);
  });

  it('ignores whitespace: runs collapsed, or removed on both sides', () => {
    expect(containsKeyword('needs 256\u00a0MB of memory', '256 MB')).toBe(true);
    expect(containsKeyword('run git   stash\npop', 'git stash pop')).toBe(true);
    expect(containsKeyword('use --force-with-lease', '--force-with- lease')).toBe(true);
    expect(containsKeyword('use --force', '--force-with-lease')).toBe(false);
  });
});

describe('refusals and percentiles', () => {
  it("recognises the product's refusal", () => {
    expect(isRefusal("I couldn't find this in the site's pages, so I can't answer it reliably.")).toBe(true);
    expect(isRefusal('Run `lumen check` to list broken links.')).toBe(false);
  });

  it('takes the nearest-rank percentile', () => {
    const v = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10];
    expect(percentile(v, 0.5)).toBe(5);
    expect(percentile(v, 0.95)).toBe(10);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe('summaries', () => {
  const got = (over: Partial<{ answer: string; sources: string[]; retrieved: string[]; bm25: string[]; queryMs: number }>) => ({
    answer: 'The answer mentions base_url.',
    sources: [],
    retrieved: [],
    queryMs: 10,
    answerMs: 20,
    ...over,
  });
  const q = (id: string, expected?: string[]) => ({
    id,
    question: `question ${id}`,
    ...(expected && { expected_pages: expected, answer_keywords: ['base_url'], style: 'how-to' }),
  });

  it('scores each question and summarises a site', () => {
    const results = [
      scoreQuestion(
        q('a', ['x.html']),
        'set',
        got({ sources: ['http://h/x.html'], retrieved: ['http://h/x.html'], bm25: ['http://h/y.html', 'http://h/x.html'] }),
      ),
      scoreQuestion(
        q('b', ['z.html']),
        'set',
        got({ answer: "I couldn't find this in the site's pages.", retrieved: ['http://h/y.html', 'http://h/z.html'], bm25: [] }),
      ),
      scoreQuestion(q('u'), 'un', got({ answer: "I couldn't find this in the site's pages." })),
      scoreQuestion(q('v'), 'un', got({ answer: 'Something invented.', queryMs: 50 })),
    ];
    expect(results[0]).toMatchObject({
      hit: true,
      citedHit: true,
      rank: 1,
      keywordHit: true,
      refused: false,
      bm25: { hit: true, rank: 2 },
    });
    expect(results[1]).toMatchObject({
      hit: true,
      citedHit: false,
      rank: 2,
      keywordHit: false,
      refused: true,
      bm25: { hit: false, rank: 0 },
    });
    const s = summariseSite(results);
    expect(s).toMatchObject({ answerable: 2, unanswerable: 2, retrievedRecallAt5: 1, citedRecallAt5: 0.5, keywordHitRate: 0.5 });
    expect(s.mrrAt10).toBeCloseTo(0.75);
    expect(s).toMatchObject({ refusalRate: 0.5, answerableRefused: 1, answerableRefusedShare: 0.5, bm25RecallAt5: 0.5, bm25MrrAt10: 0.25 });
    expect(s.queryP95Ms).toBe(50);
    expect(s.byStyle['how-to']).toEqual({ n: 2, recall: 1, keywords: 0.5 });

    const m = meanOverSites([s, { ...s, retrievedRecallAt5: 0.5, refusalRate: null }]);
    expect(m.retrievedRecallAt5).toBeCloseTo(0.75);
    expect(m.refusalRate).toBe(0.5);
  });

  it('counts a "not sure" answer as a refusal of an unanswerable question, and on its own for an answerable one', () => {
    const unsure = `${UNSURE_INTRO}\n\nThe closest passage [[1]](http://h/x.html)`;
    const results = [
      scoreQuestion(q('a', ['x.html']), 'set', got({ answer: unsure, sources: ['http://h/x.html'], retrieved: ['http://h/x.html'] })),
      scoreQuestion(q('u'), 'un', got({ answer: unsure })),
    ];
    expect(results[0]).toMatchObject({ refused: false, unsure: true, hit: true });
    const s = summariseSite(results);
    expect(s).toMatchObject({ refusalRate: 1, answerableRefused: 0, answerableUnsure: 1 });
  });
});
