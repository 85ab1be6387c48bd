import type { Queryable } from '../../db/db.js';
import { databaseSectionReader, type SectionReader } from './sections.js';
import { DEFAULT_TEXT_CONFIG } from '../../language/configs.js';

/**
 * Stems words the same way the full-text index does, so sentence matching agrees with retrieval;
 * and, from the same database, reads each retrieved chunk in its section (see sections.ts). Without
 * a section reader each chunk is read alone.
 */
export type Lexer = ((texts: string[]) => Promise<Set<string>[]>) & {
  sections?: SectionReader;
  /** The same lexer stemming in another text search configuration (the question's, language/queryConfig.ts). */
  inConfig?: (config: string) => Lexer;
};

export function databaseLexer(db: Queryable, config: string = DEFAULT_TEXT_CONFIG, others = new Map<string, Lexer>()): Lexer {
  const lexer: Lexer = Object.assign(lexemesOf(db, config), {
    sections: databaseSectionReader(db),
    inConfig: (c: string): Lexer => {
      if (c === config) return lexer;
      let other = others.get(c);
      if (!other) others.set(c, (other = databaseLexer(db, c, others)));
      return other;
    },
  });
  others.set(config, lexer);
  return lexer;
}

/**
 * A dot or slash that can join tokens: one followed by a character that is not a space, dot or slash
 * ("json.dumps", "/etc"), or one after a character that is neither a space nor a letter or digit
 * ("()." of "f()./x"). A dot or slash that ends a word before a space or the end ("done. Next",
 * "and/ or") separates nothing the parser does not separate already. Checked on 153,736 sentences of
 * the four dev sites: the same lexemes with and without the parts pass wherever this does not match.
 */
export const DOTTED_NAME = '[./][^[:space:]./]|[^[:space:][:alnum:]][./]';

function lexemesOf(db: Queryable, config: string): (texts: string[]) => Promise<Set<string>[]> {
  const cache = new LexemeCache();
  return async (texts) => {
    const keys = texts.map((t) => t.slice(0, 4000));
    const out = keys.map((k) => cache.get(k));
    const missing = [...new Set(keys.filter((_, i) => out[i] === undefined))];
    if (missing.length === 0) return out as Set<string>[];
    const rows = await db.query<{ ord: number; lexemes: string[] | null }>(
      // Dotted and slashed names count with their parts as well ("json.dumps()" says json and dump),
      // as the question's do in retrieval; and words as written, for the keywords retrieval searches
      // although they are stopwords ("with" of "the with statement"). The parts pass (a third of
      // the lexing) runs only where a dot or slash can join two tokens (DOTTED_NAME): elsewhere
      // replacing them with spaces changes no token, so it adds nothing.
      `SELECT x.ord::int AS ord,
              ARRAY(SELECT lexeme FROM unnest(docent_tsvector($2, x.t)
                || CASE WHEN x.t ~ '${DOTTED_NAME}' THEN docent_tsvector($2, regexp_replace(x.t, '[./]+', ' ', 'g')) ELSE ''::tsvector END
                || docent_tsvector('simple', x.t))) AS lexemes
         FROM unnest($1::text[]) WITH ORDINALITY AS x(t, ord)`,
      [missing, config],
    );
    const found = new Map(missing.map((k) => [k, new Set<string>()]));
    for (const row of rows) found.set(missing[row.ord - 1]!, new Set(row.lexemes ?? []));
    for (const [k, lexemes] of found) cache.set(k, lexemes);
    return keys.map((k, i) => out[i] ?? found.get(k)!);
  };
}

/**
 * Lexemes of sentences lexed before, least recently used out first, bounded by the characters kept.
 * A text's lexemes depend on the text alone, and the sections answers quote from recur across
 * questions (a site's popular pages): lexing them was ~45% of the embedded database's work per
 * extractive answer. The sets are shared, so nothing may change them.
 */
class LexemeCache {
  private readonly entries = new Map<string, Set<string>>();
  private chars = 0;
  constructor(private readonly maxChars = 2_000_000) {}

  get(text: string): Set<string> | undefined {
    const hit = this.entries.get(text);
    if (hit) {
      this.entries.delete(text);
      this.entries.set(text, hit);
    }
    return hit;
  }

  set(text: string, lexemes: Set<string>): void {
    if (this.entries.has(text)) return;
    this.entries.set(text, lexemes);
    this.chars += text.length;
    for (const [oldest] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
  }
}
