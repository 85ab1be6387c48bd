import { withoutMarks } from './marks.js';

/**
 * Spanish joins object pronouns to an infinitive or a gerund: "usarlo" (use it), "instalarlo",
 * "conectarse", "dárselo", "instalándolo". Snowball strips them only where the verb's ending falls in
 * its RV region, so a long verb loses them ("instalarlo" → instal) and a short one keeps a stem of
 * its own: "usarlo" → `usarl`, a word four chunks of the Spanish Debian Reference share, which then
 * weighs more than any word of the question (debref-es e19, e23, eval/LOG.md). The question is read
 * with the pronouns taken off, as the stemmer would take them off a longer verb.
 *
 * Language knowledge, like a stop-word list: per configuration, the endings a pronoun follows and
 * the pronouns. Not "me", "te" or "os" alone: "-arte", "-irme", "-eros" end too many other words
 * ("aparte", "confirme", "numeros"); with a pronoun after them ("dármelo") they are safe.
 *
 * French asks by joining the subject pronoun to the verb with a hyphen ("Que dois-je faire ?",
 * "Comment puis-je …", "Y a-t-il …", "Peut-on …") and tells with an object one ("Dis-moi",
 * "Installe-le"). PostgreSQL's parser reads "dois-je" as a word of its own (`dois-j`) besides its
 * parts, a word no site writes, which read as a gap in the site's coverage and, hyphenated, as a
 * name it never mentions (debref-fr f07: "Ce site ne mentionne pas dois"). The pronoun goes.
 */
const SPANISH_VERB = /^(\p{L}{2,}?)(ar|er|ir|ár|ér|ír|ando|iendo|ándo|iéndo)((?:se|me|te|nos|os)?(?:lo|la|los|las|le|les)|se|nos)$/iu;
const FRENCH_PRONOUN = /(\p{L})-(?:t-)?(?:je|tu|il|elle|on|nous|vous|ils|elles|ce|moi|toi|le|la|les|lui|leur|y|en)(?![\p{L}\p{N}-])/giu;

/**
 * Italian joins them as Spanish does, the infinitive losing its last vowel ("usarlo", "installarla",
 * "configurarli", "aprirne", "usandolo"): Snowball reads "usarlo" as `usarl`, as Spanish's does. The
 * verb is read whole again ("usare"). Not "-mi", "-ti", "-vi" or "-si" alone: "-armi", "-erti" end
 * too many nouns ("armi", "certi").
 */
const ITALIAN_VERB =
  /^(\p{L}{2,}?)(ar|er|ir|ando|endo)(lo|la|li|le|ne|gli(?:elo|ela|eli|ele|ene)?|ci|(?:me|te|se|ce|ve)(?:lo|la|li|le|ne))$/iu;
const ITALIAN_INFINITIVE: Readonly<Record<string, string>> = { ar: 'are', er: 'ere', ir: 'ire', ando: 'ando', endo: 'endo' };

/**
 * Portuguese hyphenates them to the verb ("Esqueci-me", "configurá-lo", "pode-se", "diga-me"), and
 * the parser reads the whole as a word no site writes (`esqueci-m`, `configurá-l`).
 */
const PORTUGUESE_PRONOUN = /(\p{L})-(?:me|te|se|nos|vos|lhe|lhes|o|a|os|as|lo|la|los|las|no|na|nas|lho|lha|lhos|lhas)(?![\p{L}\p{N}-])/giu;

const READERS: Readonly<Record<string, (text: string) => string>> = {
  spanish: (text) =>
    text.replace(/\p{L}+/gu, (word) => {
      const m = SPANISH_VERB.exec(word);
      return m ? `${m[1]}${withoutMarks(m[2]!)}` : word;
    }),
  french: (text) => text.replace(FRENCH_PRONOUN, '$1'),
  italian: (text) =>
    text.replace(/\p{L}+/gu, (word) => {
      const m = ITALIAN_VERB.exec(word);
      return m ? `${m[1]}${ITALIAN_INFINITIVE[m[2]!.toLowerCase()]}` : word;
    }),
  portuguese: (text) => text.replace(PORTUGUESE_PRONOUN, '$1'),
};

/** The question with the pronouns joined to its verbs taken off, in a configuration that reads them; the text as it is otherwise. */
export function withoutEnclitics(text: string, config: string): string {
  const reader = READERS[config];
  return reader ? reader(text) : text;
}
