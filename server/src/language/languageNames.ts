/**
 * A language's name in a question ("Can I build my site in German and English?", "Gibt es die
 * Doku auf Französisch?") asks about the site's languages: a site that supports several need not
 * name every one, and writes "languages" or "Sprachen" instead ("Can I build a site in several
 * languages?"). The retrieval reads such a name, where the site never writes it, as the site's word
 * for "language" (retrieval/queryAnalysis.ts, readLanguageNames).
 *
 * The names come from the runtime's own locale data (Intl.DisplayNames), in every language the
 * message catalogue has; the word for "language" per text search configuration is below (a
 * configuration without one reads names as any other word).
 */

/** The word for "language" in each Snowball configuration's language. */
const LANGUAGE_WORDS: Readonly<Record<string, string>> = {
  danish: 'sprog',
  dutch: 'taal',
  english: 'language',
  finnish: 'kieli',
  french: 'langue',
  german: 'Sprache',
  hungarian: 'nyelv',
  indonesian: 'bahasa',
  italian: 'lingua',
  norwegian: 'språk',
  portuguese: 'idioma',
  romanian: 'limba',
  russian: 'язык',
  spanish: 'idioma',
  swedish: 'språk',
  turkish: 'dil',
};

/** Configurations that have a word for "language", and that word, as READ_SQL takes them. */
export const LANGUAGE_WORD_PARAMS = {
  configs: Object.keys(LANGUAGE_WORDS),
  words: Object.values(LANGUAGE_WORDS),
};

/** The locales whose names for languages are read: the message catalogue's. */
const LOCALES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl'];

/** Shortest name taken ("Lao", "Ewe", "Ido" are too easily something else). */
const MIN_NAME_LETTERS = 4;

/** The names of the languages with a two-letter code in one locale, lower-case, from the runtime's locale data. */
export function languageDisplayNames(locale: string): string[] {
  const display = new Intl.DisplayNames([locale], { type: 'language' });
  const names: string[] = [];
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      const name = display.of(code)?.toLowerCase();
      if (name && name !== code) names.push(name);
    }
  }
  return names;
}

/** Every one-word name of a language, in each locale, lower-case: built at the first question, not at start-up. */
let names: ReadonlySet<string> | undefined;
const allNames = (): ReadonlySet<string> =>
  (names ??= new Set(LOCALES.flatMap(languageDisplayNames).filter((name) => /^\p{L}+$/u.test(name) && name.length >= MIN_NAME_LETTERS)));

/** The question's words that name a language, as written, space-separated ('' when none). */
export function languageNamesIn(question: string): string {
  const words = question.match(/\p{L}+/gu) ?? [];
  return [...new Set(words.filter((w) => allNames().has(w.toLowerCase())))].join(' ');
}
