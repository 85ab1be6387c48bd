import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atLeast, usesSearchSyntax } from '../../../src/answer/retrieval/candidates.js';
import { addNameHits, urlWords } from '../../../src/answer/retrieval/chunkRanking.js';
import { fuseScores, type VectorHit, type VectorSearch } from '../../../src/answer/retrieval/fusion.js';
import { withoutGeneralWords } from '../../../src/answer/retrieval/queryAnalysis.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import { quoteLexeme } from '../../../src/answer/retrieval/queryText.js';
import type { TermHit } from '../../../src/answer/retrieval/scoring.js';
import { parseTsvector } from '../../../src/answer/retrieval/tsvectorText.js';
import type { RetrievedChunk } from '../../../src/answer/types.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { rebuildTermStats } from '../../../src/db/repositories/termStats.js';
import { openTestDb } from '../../helpers/db.js';
import { QUILL_SITE, seedPages } from '../seed.js';

let db: Db;
let bot: string;
let otherBot: string;
let retriever: FullTextRetriever;

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  otherBot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, QUILL_SITE);
  // Another bot's page that would match perfectly must never leak into this bot's answers.
  await seedPages(db, otherBot, [
    {
      url: 'https://other.test/secret',
      title: 'Install secret',
      chunks: [{ content: 'How to install Quill secretly: install install install.' }],
    },
  ]);
  // Filler from the same site so term statistics look like a real corpus.
  const filler = Array.from({ length: 40 }, (_, i) => ({
    url: `https://docs.quill.test/changelog/${i}`,
    title: `Release notes ${i}`,
    chunks: [{ content: `Version 1.${i} fixes bugs in the renderer and improves performance of page generation. Thanks to contributors.` }],
  }));
  await seedPages(db, bot, filler);
  retriever = new FullTextRetriever(db);
});
afterAll(() => db.close());

const paths = (r: { pages: { url: string }[] }) => r.pages.map((p) => new URL(p.url).pathname);

describe('full-text retrieval', () => {
  it('finds the page that answers a natural-language question first', async () => {
    const r = await retriever.retrieve(bot, 'How do I install the quill command line tool?');
    expect(r.covered).toBe(true);
    expect(paths(r)[0]).toBe('/install');
  });

  it('falls back to OR when not every word matches, ranking rare words above common ones', async () => {
    // "switch" appears nowhere, so the AND query finds nothing; "dark" is rarer than "colour" or "theme".
    const r = await retriever.retrieve(bot, 'Can I switch the colour theme to dark?');
    expect(r.covered).toBe(true);
    expect(paths(r)[0]).toBe('/faq');
  });

  it('weights titles and headings above body text', async () => {
    const r = await retriever.retrieve(bot, 'plugins');
    expect(paths(r)[0]).toBe('/plugins');
  });

  it('returns distinct pages, best first, with at most two chunks each', async () => {
    const r = await retriever.retrieve(bot, 'quill.toml settings theme output plugins', { pages: 5, chunksPerPage: 2 });
    expect(new Set(paths(r)).size).toBe(r.pages.length);
    for (const p of r.pages) expect(p.chunks.length).toBeLessThanOrEqual(2);
    for (let i = 1; i < r.pages.length; i++) expect(r.pages[i - 1]!.score).toBeGreaterThanOrEqual(r.pages[i]!.score);
  });

  it('only searches the asked bot and only live chunks', async () => {
    const r = await retriever.retrieve(bot, 'install secretly');
    expect(r.pages.every((p) => p.url.startsWith('https://docs.quill.test/'))).toBe(true);
    await db.query(`UPDATE chunks SET live = false WHERE url = 'https://docs.quill.test/deploy'`);
    const hidden = await retriever.retrieve(bot, 'deploy static web host upload output folder');
    expect(paths(hidden)).not.toContain('/deploy');
    await db.query(`UPDATE chunks SET live = true WHERE url = 'https://docs.quill.test/deploy'`);
  });

  it('says "not covered" for questions about something else', async () => {
    for (const q of ['What is a good watering schedule for tomato plants?', 'Who won the football world cup in 1998?']) {
      const r = await retriever.retrieve(bot, q);
      expect(r.covered, q).toBe(false);
      expect(r.outcome, q).toBe('none');
      expect(r.pages).toEqual([]);
    }
    // "set up" is on the site, and only that: weak evidence, never an answer. (Whether it earns the
    // "not sure" outcome with the closest pages or a plain refusal is the floors' rule, params.ts.)
    const vpn = await retriever.retrieve(bot, 'How do I set up a VPN on my home router?');
    expect(vpn.covered).toBe(false);
    expect(vpn.outcome).not.toBe('answer');
  });

  it('never fails on hostile or odd input', async () => {
    const hostile = [
      "'; DROP TABLE chunks; --",
      'foo:* & !bar | (baz) <-> qux',
      'a\\b\\\\c \' " `',
      '((((((((',
      '!!!',
      ':',
      '&|!()',
      'the and of a',
      '',
      '   ',
      'x'.repeat(20_000),
      'null\u0000byte in text',
      '"unterminated phrase',
      '-excluded -words only',
      'quill OR "static site" -plugin',
      '🙂 émoji ünïcode 漢字',
    ];
    for (const q of hostile) {
      const r = await retriever.retrieve(bot, q);
      expect(Array.isArray(r.pages), q.slice(0, 30)).toBe(true);
    }
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks'))[0]!.n).toBeGreaterThan(0);
  });

  it('lets words that only phrase the question count for little', async () => {
    const r = await retriever.retrieve(bot, 'Is there really some way someone could actually tell me about plugins?');
    expect(paths(r)[0]).toBe('/plugins');
    const weight = new Map(r.terms.map((t) => [t.lexeme, t.scoreWeight / t.idf]));
    expect(weight.get('plugin')).toBe(1);
    expect(weight.get('realli')).toBeLessThan(0.5);
    expect(weight.get('actual')).toBeLessThan(0.5);
  });

  it('searches the parts of a dotted name, stemmed like the pages', async () => {
    const r = await retriever.retrieve(bot, 'Where do I list the packages for quill.plugins?');
    expect(r.terms.map((t) => t.lexeme)).toEqual(expect.arrayContaining(['quill.plugins', 'quill', 'plugin']));
    expect(paths(r)[0]).toBe('/plugins');
  });

  it('honours web-search syntax: a quoted phrase', async () => {
    const r = await retriever.retrieve(bot, '"static web host"');
    expect(paths(r)[0]).toBe('/deploy');
  });

  it('does not refuse because the question quotes a number no page prints', async () => {
    const nums = (await insertChatbot(db, { ownerUid: 'o' })).id;
    await seedPages(db, nums, [
      {
        url: 'https://num.test/floats',
        title: 'Floating point arithmetic',
        chunks: [{ content: 'Binary fractions cannot represent 0.1 or 0.2 exactly, so their sum prints with a tiny rounding error.' }],
      },
      ...Array.from({ length: 20 }, (_, i) => ({
        url: `https://num.test/page/${i}`,
        title: `Page ${i}`,
        chunks: [{ content: `Chapter ${i} prints tables of results for the reader.` }],
      })),
    ]);
    const r = await retriever.retrieve(nums, 'Why does 0.1 + 0.2 print 0.30000000000000004 instead of 0.30?');
    expect(r.covered).toBe(true);
    expect(paths(r)[0]).toBe('/floats');
  });

  it('reads a question with invisible characters in its words as the words a reader sees', async () => {
    // Pasted text brings zero-width spaces and soft hyphens: "in\u200bstall" is "install".
    const plain = await retriever.retrieve(bot, 'How do I install Quill?');
    const pasted = await retriever.retrieve(bot, 'How do I in\u200bstall Qu\u00adill?');
    expect(pasted.terms.map((t) => t.lexeme)).toEqual(plain.terms.map((t) => t.lexeme));
    expect(paths(pasted)).toEqual(paths(plain));
  });

  it('reads a path the page writes whole ("/tmp") as holding its parts ("tmp")', async () => {
    const site = (await insertChatbot(db, { ownerUid: 'o' })).id;
    await seedPages(db, site, [
      {
        url: 'https://fs.test/rights',
        title: 'Managing rights',
        chunks: [{ content: 'The sticky bit, shown as a trailing t on /tmp, lets only a file owner delete the file.' }],
      },
      {
        url: 'https://fs.test/selinux',
        title: 'SELinux rules',
        chunks: [
          {
            content:
              'A type such as tmp is declared in the module. The tmp type labels temporary files; tmp rules are written in the policy.',
          },
        ],
      },
      ...Array.from({ length: 20 }, (_, i) => ({
        url: `https://fs.test/page/${i}`,
        title: `Page ${i}`,
        chunks: [{ content: `Chapter ${i} explains what a file system means for the administrator.` }],
      })),
    ]);
    const r = await retriever.retrieve(site, "What does the trailing 't' on /tmp mean?");
    expect(r.terms.find((t) => t.lexeme === 'tmp')?.whole).toBe('/tmp');
    expect(paths(r)[0]).toBe('/rights');
  });

  it('does not count the parts of a compound the site writes whole as words it never uses', async () => {
    const site = (await insertChatbot(db, { ownerUid: 'o' })).id;
    await seedPages(db, site, [
      {
        url: 'https://sm.test/plugins',
        title: 'Plugins',
        chunks: [{ content: 'The seo plugin writes a sitemap.xml file for search engines when the site is generated.' }],
      },
      ...Array.from({ length: 20 }, (_, i) => ({
        url: `https://sm.test/page/${i}`,
        title: `Page ${i}`,
        chunks: [{ content: `Chapter ${i} explains how the site is generated and deployed.` }],
      })),
    ]);
    const r = await retriever.retrieve(site, 'How do I get a sitemap.xml generated for search engines?');
    const part = r.terms.find((t) => t.lexeme === 'sitemap');
    expect(part?.df).toBe(0);
    expect(part?.coverageWeight).toBe(0);
    expect(r.covered).toBe(true);
    expect(paths(r)[0]).toBe('/plugins');
  });
  it('uses the GIN index for candidates on a large bot', async () => {
    const big = (await insertChatbot(db, { ownerUid: 'o' })).id;
    await db.query(
      `INSERT INTO documents (id, chatbot_id, url, title, content, content_hash) VALUES (gen_random_uuid(), $1, 'https://big.test/', 'Big', '', 'h')`,
      [big],
    );
    // 20,000 chunks written by SQL: the planner must pick the GIN index over scanning them.
    await db.query(
      `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content)
       SELECT (SELECT id FROM documents WHERE chatbot_id = $1 LIMIT 1), $1, i, 'https://big.test/' || (i % 2000), 'Page ' || (i % 2000), '',
              'chunk ' || i || ' ' || (ARRAY['alpha','bravo','charlie','delta','echo','foxtrot','golf','hotel','india','juliet'])[1 + i % 10]
              || ' filler text about things number ' || i
         FROM generate_series(0, 19999) AS i`,
      [big],
    );
    await rebuildTermStats(db, big);
    await db.query('VACUUM ANALYZE chunks'); // what the indexer does after a crawl (PGlite has no autovacuum)
    const plan = await db.query<Record<string, string>>(
      `EXPLAIN SELECT id FROM chunks WHERE chatbot_id = $1 AND live AND tsv @@ $2::tsquery
        ORDER BY ts_rank(tsv, $2::tsquery, 1) DESC LIMIT 100`,
      [big, quoteLexeme('1234')],
    );
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('chunks_bot_tsv_idx');
    const r = await retriever.retrieve(big, 'chunk 1234 echo'); // i = 1234 (mod 2000) are all 'echo' chunks
    expect(r.pages[0]?.url).toBe('https://big.test/1234');
  });
});

describe('with semantic search (a stand-in for the embedding provider)', () => {
  const chunkId = async (url: string) =>
    (
      await db.query<{ id: string }>('SELECT id::text AS id FROM chunks WHERE chatbot_id = $1 AND url = $2 ORDER BY ordinal LIMIT 1', [
        bot,
        url,
      ])
    )[0]!.id;
  /** Answers every question with the given similarities, as the real search does (best first). */
  const stub = (hits: () => Promise<VectorHit[]>): VectorSearch & { calls: string[] } => {
    const calls: string[] = [];
    return { calls, search: async (_bot, question) => (calls.push(question), hits()) };
  };
  // No word of this question occurs on the site: full text alone finds nothing.
  const question = 'Any advice on publishing?';

  // A floor for a model whose similarity tells covered questions from uncovered ones (floor.ts).
  const separating = { vectorFloor: { minSimilarity: 0.5, minMargin: 0.05 } };

  it('by default, vectors alone never make the site cover a question none of whose words it uses', async () => {
    const deploy = await chunkId('https://docs.quill.test/deploy');
    const vector = stub(async () => [{ id: deploy, similarity: 0.81 }]);
    const r = await new FullTextRetriever(db, vector).retrieve(bot, question);
    expect(vector.calls).toEqual([question]);
    expect(r.covered).toBe(false);
    expect(r.pages).toEqual([]);
  });

  it('with a vector floor, lets a page found by vectors alone clear it when it stands out', async () => {
    const deploy = await chunkId('https://docs.quill.test/deploy');
    const others = await Promise.all(
      ['install', 'config', 'plugins', 'faq', 'changelog/1', 'changelog/2'].map((p) => chunkId(`https://docs.quill.test/${p}`)),
    );
    expect((await new FullTextRetriever(db).retrieve(bot, question)).covered).toBe(false);
    const vector = stub(async () => [{ id: deploy, similarity: 0.81 }, ...others.map((id, i) => ({ id, similarity: 0.42 - i * 0.02 }))]);
    const r = await new FullTextRetriever(db, vector, separating).retrieve(bot, question);
    expect(vector.calls).toEqual([question]);
    expect(r.covered).toBe(true);
    expect(paths(r)).toEqual(['/deploy']); // the others neither stand out nor match a word
    expect(r.pages[0]!.chunks[0]).toMatchObject({ vectorRank: 1, similarity: 0.81, vectorClears: true });
  });

  it('still refuses when the nearest neighbours are all about equally far', async () => {
    const ids = await Promise.all(['deploy', 'install', 'config', 'plugins', 'faq'].map((p) => chunkId(`https://docs.quill.test/${p}`)));
    const flat = stub(async () => ids.map((id, i) => ({ id, similarity: 0.62 - i * 0.01 })));
    const r = await new FullTextRetriever(db, flat, separating).retrieve(bot, question);
    expect(r.covered).toBe(false);
    expect(r.pages).toEqual([]);
  });

  it('fuses with full text when both find pages, and falls back to full text when the provider fails', async () => {
    const faq = await chunkId('https://docs.quill.test/faq');
    // As a real search answers: the nearest chunk first, then a tail of others further away.
    const tail = await Promise.all(['changelog/3', 'changelog/4', 'changelog/5'].map((p) => chunkId(`https://docs.quill.test/${p}`)));
    const nearest = stub(async () => [{ id: faq, similarity: 0.7 }, ...tail.map((id, i) => ({ id, similarity: 0.4 - i * 0.02 }))]);
    // With half the fused score from similarity, the nearest chunk weighs as much as the best words.
    const fused = await new FullTextRetriever(db, nearest, { ...separating, params: { vectorShare: 0.5 } }).retrieve(
      bot,
      'How do I install the quill command line tool?',
    );
    expect(fused.covered).toBe(true);
    expect(paths(fused).slice(0, 2).sort()).toEqual(['/faq', '/install']);
    const failing = stub(async () => {
      throw new Error('embedding endpoint answered HTTP 503');
    });
    const alone = await new FullTextRetriever(db, failing).retrieve(bot, 'How do I install the quill command line tool?');
    expect(failing.calls).toHaveLength(1);
    expect(paths(alone)[0]).toBe('/install');
  });
});

describe('ranking helpers', () => {
  it('builds "at least m of n" queries that match exactly that', async () => {
    expect(atLeast(2, ['a', 'b', 'c'])).toBe('((a & (b | c)) | (b & c))');
    expect(atLeast(3, ['a', 'b', 'c'])).toBe('(a & b & c)');
    const words = ['quill', 'theme', 'plugin', 'output'];
    const q = atLeast(
      2,
      words.map((w) => `'${w}'`),
    );
    const [row] = await db.query<{ fast: number; slow: number }>(
      `SELECT count(*) FILTER (WHERE tsv @@ $2::tsquery)::int AS fast,
              count(*) FILTER (WHERE (SELECT count(*) FROM unnest($3::text[]) w WHERE tsv @@ quote_literal(w)::tsquery) >= 2)::int AS slow
         FROM chunks WHERE chatbot_id = $1`,
      [bot, q, words],
    );
    expect(row!.fast).toBeGreaterThan(0);
    expect(row!.fast).toBe(row!.slow);
  });

  it('drops general English words from plain text only', () => {
    expect(withoutGeneralWords("What's really the best way to use obj.use() or use_it?").replace(/\s+/g, ' ').trim()).toBe(
      'the to obj.use() or use_it?',
    );
    expect(urlWords('https://docs.example.test/library/path-lib.html?x=1')).toEqual(['library', 'path', 'lib']);
  });

  it("counts a page's name that starts or ends with a question word as a weaker title match", () => {
    const term = (lexeme: string) => ({ lexeme, positions: [1], df: 3, idf: 2, scoreWeight: 2, coverageWeight: 1 });
    const hits = new Map<string, TermHit>();
    addNameHits([term('ignor'), term('auth'), term('test'), term('patch')], hits, ['gitignor', 'authent', 'unittest', 'dispatcher']);
    expect(hits.get('ignor')?.nameShare).toBe(0.5); // ends the compound "gitignore"
    expect(hits.get('auth')?.nameShare).toBe(0.5); // starts "authentication"
    expect(hits.has('test')).toBe(false); // too short to be read as the end of a compound
    expect(hits.has('patch')).toBe(false); // inside a word, neither its start nor its end
  });

  it('reads web-search syntax from quotes, -words and OR in capitals, not from the English "or"', () => {
    expect(usesSearchSyntax('"context manager" example')).toBe(true);
    expect(usesSearchSyntax('install -windows')).toBe(true);
    expect(usesSearchSyntax('flask OR django')).toBe(true);
    expect(usesSearchSyntax('How do I annotate a parameter that can be either an int or None?')).toBe(false);
  });

  it('parses the text form of a tsvector, quotes and weights included', () => {
    const hits = parseTsvector(`'dump':2A,7 'it''s':3C 'json':1A,3B,9 'other':4`, new Set(['json', "it's", 'dump']));
    expect(hits.get('json')).toEqual({ positions: [1, 3, 9], weights: ['A', 'B', 'D'] });
    expect(hits.get("it's")).toEqual({ positions: [3], weights: ['C'] });
    expect(hits.has('other')).toBe(false);
  });

  it('fuses vector similarity into the full-text scores, keeping their scale', () => {
    const chunk = (id: string, score: number): RetrievedChunk => ({
      id,
      url: `u${id}`,
      title: '',
      headingPath: '',
      content: '',
      score,
      phrase: 0,
      coverage: 1,
      matched: [],
    });
    const byId = new Map([chunk('a', 10), chunk('b', 8), chunk('c', 2), chunk('d', 0)].map((c) => [c.id, c]));
    const hits = [
      { id: 'c', similarity: 0.8 },
      { id: 'd', similarity: 0.7 },
      { id: 'a', similarity: 0.4 },
    ];
    const fused = fuseScores(hits, byId, 0.3);
    // a: 0.7 x 10 + 0.3 x 10 x 0 = 7; b: 5.6; c: 1.4 + 3 = 4.4; d: 0 + 3 x 0.75 = 2.25.
    expect(fused.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(fused.map((c) => Number(c.score.toFixed(2)))).toEqual([7, 5.6, 4.4, 2.25]);
    // With no vector share the full-text order and scores stand.
    expect(fuseScores(hits, byId, 0).map((c) => c.score)).toEqual([10, 8, 2, 0]);
  });
});
