/**
 * German and Dutch split a verb in a main clause: "Wie setze ich das Passwort zurück?" is
 * "zurücksetzen", "Hoe stel ik de taal in?" is "instellen". A page says "Zurücksetzen des
 * root-Passworts", one stem ("zurucksetz") that neither "setz" nor "zuruck" matches, so the question's
 * main action is lost and the page that names it ranks below one that merely says "root" and
 * "Passwort" more often. The question's clause-final particle joined to each word before it that
 * could be its verb gives the words to look up; retrieval keeps only those the site writes
 * (questionRead.ts), so a join that is not a word costs nothing.
 *
 * Language knowledge, like a stop-word list: the particles that separate, per configuration.
 */
const PARTICLES: Readonly<Record<string, ReadonlySet<string>>> = {
  german: new Set(
    (
      'ab an auf aus bei dar durch ein fest fort frei her herab heran herauf heraus herein herunter hin hinauf ' +
      'hinaus hinein hinzu hoch los mit nach nieder um vor voran voraus vorbei weg weiter wieder zu zurecht ' +
      'zurück zusammen bereit kennen statt teil'
    ).split(' '),
  ),
  dutch: new Set('aan achter af bij door in mee na neer om op over terug toe tegen uit vast voor voorbij weg samen'.split(' ')),
};

/** Configurations that separate verbs (the question is read for joins in each, questionRead.ts). */
export const SEPARATING_CONFIGS: readonly string[] = Object.keys(PARTICLES);

/** At most this many joins a question: a clause of many words before its particle is a long one to guess in. */
const MAX_JOINS = 12;

/**
 * The particle + verb words a question may mean, for one configuration: for each clause that ends
 * on a separable particle, the particle joined to each earlier word of the clause that may be its
 * finite verb. In German that is a lower-case word (nouns are capitalised) or the clause's first;
 * in Dutch any word. Empty for a language without separable verbs.
 */
export function separableJoins(text: string, config: string): string[] {
  const particles = PARTICLES[config];
  if (!particles) return [];
  const out = new Set<string>();
  for (const clause of text.split(/[,.;:?!()\n]+/)) {
    const words = clause.match(/\p{L}+/gu) ?? [];
    const last = words.at(-1)?.toLowerCase();
    if (words.length < 3 || !last || !particles.has(last)) continue;
    words.slice(0, -1).forEach((w, i) => {
      const verbLike = config !== 'german' || i === 0 || w === w.toLowerCase();
      if (verbLike && !particles.has(w.toLowerCase())) out.add(last + w.toLowerCase());
    });
  }
  return [...out].slice(0, MAX_JOINS);
}
