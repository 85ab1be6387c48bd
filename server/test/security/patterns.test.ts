import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedExtractPool } from '../../src/crawl/extractPool.js';
import { MAX_DFA_STATES } from '../../src/crawl/patternAutomaton.js';
import { MAX_URL_LENGTH, UrlPatternFilter } from '../../src/crawl/urlPatterns.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { idTokenFor } from '../helpers/auth.js';
import { startSite, type FixtureSite } from '../fixtures/sites/docsSite.js';

/**
 * An owner's URL patterns cannot stall the server: every URL costs the matcher work linear in its
 * length, whatever the patterns. The hostile case is the one measured in issue #36: 20 include and
 * 20 exclude patterns of 200 characters (`/**b/**b/…/**Z`, which never match) against 1,000 links
 * of about 2,000 characters, where the old matcher froze the server for minutes.
 */
const ORIGIN = 'https://docs.example.com';

/** 200 characters: `/**b` 49 times, then `/**` and a capital letter no link holds. */
const hostilePattern = (k: number) => '/**b'.repeat(49) + '/**' + String.fromCharCode(65 + k);
const HOSTILE = {
  include: Array.from({ length: 20 }, (_, k) => hostilePattern(k)),
  exclude: Array.from({ length: 20 }, (_, k) => hostilePattern(k + 6)),
};
/** 1,000 distinct links whose paths are `/b/b/b/…` of about `length` characters (every `**` stays alive). */
const hostileLinks = (length: number) =>
  Array.from({ length: 1000 }, (_, i) => {
    const head = `${ORIGIN}/${i}/`;
    return head + 'b/'.repeat(Math.floor((length - head.length) / 2));
  });

/** The matcher this replaced, kept as the reference of the patterns' meaning (it is O(pattern × URL)). */
function referenceKeep(include: string[], exclude: string[], url: string): boolean {
  type Token = { kind: 'char'; c: string } | { kind: 'one' } | { kind: 'star' } | { kind: 'globstar' };
  const compile = (pattern: string) => {
    const tokens: Token[] = [];
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i]!;
      if (c === '*' && pattern[i + 1] === '*') {
        tokens.push({ kind: 'globstar' });
        i++;
        const before = tokens[tokens.length - 2];
        if (pattern[i + 1] === '/' && before?.kind === 'char' && before.c === '/') i++;
      } else if (c === '*') tokens.push({ kind: 'star' });
      else if (c === '?') tokens.push({ kind: 'one' });
      else tokens.push({ kind: 'char', c });
    }
    return { full: /^https?:\/\//i.test(pattern), tokens };
  };
  const matches = (tokens: Token[], text: string) => {
    const n = tokens.length;
    let states = new Uint8Array(n + 1);
    const close = (s: Uint8Array) => {
      for (let i = 0; i < n; i++) if (s[i] && (tokens[i]!.kind === 'star' || tokens[i]!.kind === 'globstar')) s[i + 1] = 1;
    };
    states[0] = 1;
    close(states);
    for (const ch of text) {
      const next = new Uint8Array(n + 1);
      for (let i = 0; i < n; i++) {
        if (!states[i]) continue;
        const t = tokens[i]!;
        if (t.kind === 'char' ? t.c === ch : t.kind === 'one' ? ch !== '/' : false) next[i + 1] = 1;
        else if (t.kind === 'star' && ch !== '/') next[i] = 1;
        else if (t.kind === 'globstar') next[i] = 1;
      }
      close(next);
      states = next;
    }
    return states[n] === 1;
  };
  const u = new URL(url);
  const path = u.pathname + u.search;
  const test = (p: string) => {
    const c = compile(p);
    return matches(c.tokens, c.full ? url : path);
  };
  if (exclude.some(test)) return false;
  return include.length === 0 || include.some(test);
}

describe('URL patterns against a hostile owner', () => {
  it('cost steps linear in the URL length on the hostile case: 1×, 2× and 4× the length take 1×, 2× and 4× the steps', () => {
    const stepsFor = (length: number) => {
      const filter = new UrlPatternFilter(HOSTILE);
      const links = hostileLinks(length);
      expect(links.filter((l) => filter.keep(l))).toEqual([]);
      return { steps: filter.steps, chars: links.reduce((n, l) => n + l.length, 0) };
    };
    const [one, two, four] = [500, 1000, 2000].map(stepsFor);
    expect(four!.chars).toBeLessThanOrEqual(1000 * MAX_URL_LENGTH);
    expect(two!.steps / one!.steps).toBeGreaterThan(1.8);
    expect(two!.steps / one!.steps).toBeLessThan(2.2);
    expect(four!.steps / one!.steps).toBeGreaterThan(3.6);
    expect(four!.steps / one!.steps).toBeLessThan(4.4);
    // O(total pattern length + URL length) per URL: the old matcher took about pattern × URL
    // (8,000 × 2,000 = 16 million steps per link); this stays within a few steps per character.
    const patternChars = [...HOSTILE.include, ...HOSTILE.exclude].join('').length;
    expect(four!.steps).toBeLessThan(2 * (four!.chars + 1000 * patternChars));
  });

  it('a list of patterns naming thousands of distinct characters stays small and fast', () => {
    // 40 × 200 distinct non-ASCII characters: a URL (serialised, ASCII) never holds one.
    const chars = (k: number) => '/' + Array.from({ length: 199 }, (_, i) => String.fromCharCode(0x4e00 + k * 199 + i)).join('');
    const filter = new UrlPatternFilter({
      include: Array.from({ length: 20 }, (_, k) => chars(k)),
      exclude: Array.from({ length: 20 }, (_, k) => chars(k + 20)),
    });
    const links = hostileLinks(2000);
    expect(links.filter((l) => filter.keep(l))).toEqual([]);
    expect(filter.steps).toBeLessThan(2 * links.reduce((n, l) => n + l.length, 0));
    expect(filter.keep(`${ORIGIN}${chars(3)}`)).toBe(false); // percent-encoded, as every crawled URL
  });

  it('does not consider a URL longer than 2,048 characters, at no cost', () => {
    const filter = new UrlPatternFilter({ include: ['/**'], exclude: [] });
    const long = `${ORIGIN}/${'a'.repeat(MAX_URL_LENGTH)}`;
    expect(filter.keep(long)).toBe(false);
    expect(filter.steps).toBe(0);
    expect(filter.keep(long.slice(0, MAX_URL_LENGTH))).toBe(true);
  });

  it('keeps the meaning of every pattern, including when a pattern list has more states than the automaton stores', () => {
    // `**a` then 12 × `?`: remembering the last 13 characters takes 2^13 states, past the 4,096 stored.
    const many = { include: ['/**a????????????', '/x/**'], exclude: ['**b?b?b?b?b?b'] };
    const filter = new UrlPatternFilter(many);
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let i = 0; i < 300; i++) {
      const path = Array.from({ length: 40 + (random() % 1500) }, () => 'aaaaaaabbbbbbb/'[random() % 15]).join('');
      const url = `${ORIGIN}/${random() % 5 === 0 ? 'x/' : ''}${path}`;
      expect(filter.keep(url), url).toBe(referenceKeep(many.include, many.exclude, url));
    }
    expect(filter.storedStates).toBe(MAX_DFA_STATES);
  });

  it('matches exactly as the reference on random patterns and URLs', () => {
    const piece = fc.constantFrom('a', 'b', '/', '*', '**', '?', '.', '/**/', 'x=', '?q', 'é', '%C3%A9');
    const pattern = fc
      .array(piece, { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join(''))
      .map((p) => (p.startsWith('/') || p.startsWith('*') ? p : `/${p}`))
      .filter((p) => !/\*{3,}/.test(p));
    const fullPattern = pattern.map((p) => `${ORIGIN}${p.startsWith('/') ? p : `/${p}`}`);
    const url = fc
      .array(fc.constantFrom('a', 'b', '/', '.', 'x', '?', '=', 'é'), { maxLength: 24 })
      .map((chars) => `${ORIGIN}/${chars.join('')}`)
      .filter((u) => URL.canParse(u))
      .map((u) => new URL(u).href); // as the crawler hands them over (normalizeUrl): ASCII, 'é' as %C3%A9
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pattern, fullPattern), { maxLength: 4 }),
        fc.array(pattern, { maxLength: 3 }),
        fc.array(url, { minLength: 1, maxLength: 10 }),
        (include, exclude, urls) => {
          if (include.length + exclude.length === 0) return;
          const filter = new UrlPatternFilter({ include, exclude });
          for (const u of urls)
            expect(filter.keep(u), `${u} ${JSON.stringify({ include, exclude })}`).toBe(referenceKeep(include, exclude, u));
        },
      ),
      { numRuns: 1500, seed: 36 },
    );
  });
});

describe('collect-urls of the hostile page with the hostile patterns', () => {
  let t: TestApp;
  let site: FixtureSite;
  let base: string;
  let auth: string;

  beforeAll(async () => {
    // One page of 1,000 links of about 2,000 characters (2 MB), as measured in issue #36.
    const links = Array.from({ length: 1000 }, (_, i) => `<a href="/${i}/${'b/'.repeat(990)}">${i}</a>`).join('\n');
    site = await startSite(() => ({ '/': { html: `<html><body><main><h1>Links</h1>${links}</main></body></html>` } }));
    t = await buildTestApp({ env: { CRAWL_ALLOW_HOSTS: site.host } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v1`;
    auth = `Bearer ${await idTokenFor('hostile-patterns@example.com')}`;
    await sharedExtractPool(); // starting the workers takes seconds; that is not what is measured
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('keeps the health route answering within 2 s throughout, and answers', async () => {
    let done = false;
    const started = performance.now();
    const collecting = fetch(`${base}/indexing/collect-urls`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `${site.origin}/`,
        max_depth: 2,
        max_pages: 1000,
        include_patterns: HOSTILE.include,
        exclude_patterns: HOSTILE.exclude,
      }),
    }).finally(() => (done = true));
    const latencies: number[] = [];
    do {
      const t0 = performance.now();
      const health = await fetch(`${base}/health`);
      latencies.push(performance.now() - t0);
      expect(health.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    } while (!done);
    const res = await collecting;
    expect(res.status).toBe(200);
    // Nothing matches the patterns: nothing listed, the start page included.
    expect(await res.json()).toEqual({ success: true, data: { collected_urls: [], count: 0 } });
    expect(site.hits.get('/')).toBe(1);
    // The old matcher froze the server for minutes here (265 s for one health request).
    expect(Math.max(...latencies)).toBeLessThan(2_000);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
