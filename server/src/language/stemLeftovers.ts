/**
 * Endings a language's Snowball stemmer leaves on some forms of a word and takes off others, so one
 * word has two stems: German keeps the -t of a third person or a participle ("benutzt", "entfernt",
 * "übersetzt" → `benutzt`, `entfernt`, `ubersetzt`) and the -i of an -ieren verb's first person
 * ("installiere" → `installi`), while "benutzen", "Übersetzung" and "installieren" give `benutz`,
 * `ubersetz`, `install`. A question's stem with such an ending is also read without it, where the
 * site writes that stem (queryAnalysis.ts).
 *
 * Language knowledge, like a stop-word list: per configuration, the endings, and the shortest stem
 * left ("hat" is no "ha" + t).
 */
const LEFTOVERS: Readonly<Record<string, readonly string[]>> = {
  german: ['t', 'i'],
};
const MIN_STEM = 5;

/** Configurations and endings, in two lists (for SQL's unnest: questionRead.ts). */
export const LEFTOVER_ENDINGS: { configs: string[]; endings: string[] } = {
  configs: Object.entries(LEFTOVERS).flatMap(([config, endings]) => endings.map(() => config)),
  endings: Object.values(LEFTOVERS).flat(),
};

/** The stem a lexeme of this configuration also has without a leftover ending; undefined when it has none. */
export function withoutLeftover(lexeme: string, config: string): string | undefined {
  if (!/^\p{L}+$/u.test(lexeme)) return undefined;
  for (const e of LEFTOVERS[config] ?? [])
    if (lexeme.endsWith(e) && lexeme.length - e.length >= MIN_STEM) return lexeme.slice(0, -e.length);
  return undefined;
}
