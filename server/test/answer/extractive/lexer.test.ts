import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOTTED_NAME, databaseLexer } from '../../../src/answer/extractive/lexer.js';
import type { Db, Queryable } from '../../../src/db/db.js';
import { openTestDb } from '../../helpers/db.js';

let db: Db;
beforeAll(async () => (db = await openTestDb()));
afterAll(() => db.close());

/** The database, counting the texts it is asked to lex. */
function counting(): { q: Queryable; lexed: string[] } {
  const lexed: string[] = [];
  const q: Queryable = {
    engine: db.engine,
    query: (sql, params) => {
      if (Array.isArray(params?.[0])) lexed.push(...(params[0] as string[]));
      return db.query(sql, params);
    },
  } as Queryable;
  return { q, lexed };
}

describe('the extractive lexer', () => {
  it('stems as the index does, dotted names with their parts, stopwords as written', async () => {
    const lex = databaseLexer(db);
    const [a, b] = await lex(['Call json.dumps() with the indent argument.', 'Running servers']);
    expect([...a!]).toEqual(expect.arrayContaining(['json.dumps', 'json', 'dump', 'indent', 'argument', 'with']));
    expect([...b!]).toEqual(expect.arrayContaining(['run', 'server']));
  });

  it('skips the parts pass only where it would add nothing', async () => {
    const texts = [
      'Done. Next we run it... then stop.',
      'Use and/ or, e.g. this; see the 3. item and version 3.5 of it.',
      'Edit /etc/hosts and ~/.bashrc, then call os.path.join() or f()./x.',
      'Visit http://example.org/docs/index.html or mail a.b@example.org.',
      'A lone . dot, a lone / slash, a trailing slash/ and .hidden files.',
      'Ratios 1/2 and 3.14; paths ./run.sh and ../up; "quoted".end',
    ];
    const full = await db.query<{ lexemes: string[] }>(
      `SELECT ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', t) || to_tsvector('english', regexp_replace(t, '[./]+', ' ', 'g'))
                                              || to_tsvector('simple', t)) ORDER BY 1) AS lexemes
         FROM unnest($1::text[]) WITH ORDINALITY AS x(t, ord) ORDER BY ord`,
      [texts],
    );
    const lexed = await databaseLexer(db)(texts);
    expect(lexed.map((s) => [...s].sort())).toEqual(full.map((r) => [...r.lexemes].sort()));
    // The shortcut is taken: a sentence with no joining dot or slash does not match.
    const plain = await db.query<{ m: boolean }>(`SELECT 'Done. Next we run it, then stop.' ~ '${DOTTED_NAME}' AS m`);
    expect(plain[0]!.m).toBe(false);
  });

  it('lexes a sentence once across questions, and answers in order with repeats and new texts mixed', async () => {
    const { q, lexed } = counting();
    const lex = databaseLexer(q);
    const first = await lex(['Install the package.', 'Configure the site.']);
    const second = await lex(['Deploy it.', 'Install the package.', 'Deploy it.', 'Configure the site.']);
    expect(lexed).toEqual(['Install the package.', 'Configure the site.', 'Deploy it.']);
    expect(second[1]).toEqual(first[0]);
    expect(second[3]).toEqual(first[1]);
    expect([...second[0]!]).toEqual(['deploy', 'it']);
    expect(second[2]).toEqual(second[0]);
    expect(await lex([])).toEqual([]);
  });

  it('forgets the least recently used sentences past its budget, and lexes them again when asked', async () => {
    const { q, lexed } = counting();
    const lex = databaseLexer(q);
    const long = Array.from({ length: 700 }, (_, i) => `Sentence number ${i} ${'padding '.repeat(400)}`); // ~3,200 chars each
    await lex(long);
    lexed.length = 0;
    await lex([long[699]!]); // recent: kept
    expect(lexed).toEqual([]);
    await lex([long[0]!]); // 700 × 3,200 characters is past the 2,000,000 kept: the oldest went
    expect(lexed).toEqual([long[0]!]);
  });
});
