/**
 * The language seam's first half: which PostgreSQL text search configuration reads a language.
 * Every to_tsvector / to_tsquery of the product takes its configuration from here (through the
 * SQL functions docent_tsvector / docent_tsquery of migration 028, which also split CJK text into
 * searchable characters), so adding a language is one line below.
 */

/**
 * BCP-47 primary subtags → the Snowball configurations that PostgreSQL 15 and PGlite (PostgreSQL 18)
 * both ship. Newer PostgreSQL has a few more (armenian, basque, catalan, hindi, yiddish); they are
 * left out so that a bot reads the same on either engine.
 */
const SNOWBALL: Readonly<Record<string, string>> = {
  ar: 'arabic',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  ne: 'nepali',
  nl: 'dutch',
  nn: 'norwegian',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

/** Language code → Snowball configuration, for SQL that picks a configuration itself (queryConfig.ts). */
export const SNOWBALL_CONFIGS = SNOWBALL;

/** A Snowball configuration's language codes ('norwegian' → nb, nn, no): to find a list kept per language. */
export const languagesOfConfig = (config: string): string[] =>
  Object.entries(SNOWBALL)
    .filter(([, c]) => c === config)
    .map(([code]) => code);

/** The configuration of a bot whose language is not known: what every bot used before languages. */
export const DEFAULT_TEXT_CONFIG = 'english';
/** No stemming, no stop words: words as written (and CJK text character by character). */
export const SIMPLE_TEXT_CONFIG = 'simple';

const TAG = /^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})*$/i;

/** The primary subtag of a BCP-47 tag, lower-case ('pt-BR' → 'pt'); undefined for anything else. */
export function primaryLanguage(tag: string | null | undefined): string | undefined {
  const m = TAG.exec(tag?.trim() ?? '');
  return m ? m[1]!.toLowerCase() : undefined;
}

/**
 * The text search configuration for a language: its Snowball configuration, `simple` for a known
 * language without one (CJK, Polish, Czech…), and the default when the language is not known.
 */
export function textSearchConfig(language: string | null | undefined): string {
  const primary = primaryLanguage(language);
  if (!primary) return DEFAULT_TEXT_CONFIG;
  return SNOWBALL[primary] ?? SIMPLE_TEXT_CONFIG;
}

/** Every configuration the seam may hand out (for checks at start and in tests). */
export const TEXT_CONFIGS: readonly string[] = [...new Set([...Object.values(SNOWBALL), SIMPLE_TEXT_CONFIG])];

/** Whether this language has a stemming configuration (as opposed to `simple`). */
export const isStemmed = (language: string | null | undefined): boolean => textSearchConfig(language) !== SIMPLE_TEXT_CONFIG;

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The primary subtag of a tag ICU knows as a language ('de-AT' → 'de'); undefined otherwise ('xx', 'english'). */
export function knownLanguage(tag: string | null | undefined): string | undefined {
  const primary = primaryLanguage(tag);
  try {
    return primary && names.of(primary) !== undefined ? primary : undefined;
  } catch {
    return undefined;
  }
}

/** A language's English name for the owner's dashboard ('de' → 'German'). */
export const languageName = (code: string): string => names.of(code) ?? code;
