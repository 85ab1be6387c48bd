import { beforeAll, describe, expect, it } from 'vitest';
import { foreignAbsentNames } from '../../../src/answer/retrieval/foreignNames.js';
import { absentShare, declineOffTopic } from '../../../src/answer/retrieval/offTopic.js';
import type { QueryTerm, Retrieval } from '../../../src/answer/types.js';
import { englishWords } from '../../../src/text/englishWords.js';

let english: ReadonlySet<string>;
beforeAll(async () => {
  english = await englishWords();
});

/** Query terms as the database makes them: `unknown` lexemes the site never writes (df 0), the rest known. */
const terms = (unknown: string[], known: string[] = [], idf = 3): QueryTerm[] =>
  [...unknown.map((lexeme) => ({ lexeme, df: 0 })), ...known.map((lexeme) => ({ lexeme, df: 5 }))].map((t) => ({
    ...t,
    positions: [1],
    idf,
    scoreWeight: idf,
    coverageWeight: 1,
  }));

describe('names in a question that is not English, which the site never writes', () => {
  // Each case: what it shows (the test's name), the question, its terms the site never writes
  // (`unknown`) and those it does (`known`), the question's language, and the names read.
  it.each([
    [
      'reads an acronym in German as a name ("WSL"), not the names the site writes ("Windows", "Debian")',
      {
        question: 'Wie aktiviere ich unter Windows 11 das WSL, damit ich Debian darin laufen lassen kann?',
        unknown: ['wsl'],
        known: ['aktivi', 'windows', 'lauf', 'debian'],
        config: 'german',
        names: ['WSL'],
      },
    ],
    [
      'reads a hyphenated first part ("zypper-Befehl") and a capital inside a word ("openSUSE") in German',
      {
        question: 'Mit welchem zypper-Befehl installiere ich unter openSUSE ein Paket?',
        unknown: ['zypp', 'opensus', 'zypper-befehl'],
        known: ['befehl', 'installi', 'paket'],
        config: 'german',
        names: ['zypper', 'openSUSE'],
      },
    ],
    [
      'leaves the verb of a French inversion ("dois-je") to the evidence floor: a hyphen marks a name only where compounds are closed',
      {
        question: "SSH ne marche plus : il dit que la clé de l'hôte a changé. Que dois-je faire ?",
        unknown: ['dois', 'dois-j'],
        known: ['ssh', 'march', 'cle', 'hot', 'chang', 'fair'],
        config: 'french',
        names: [],
      },
    ],
    [
      'leaves a loanword in lower case ("master") to the evidence floor where nouns are not capitalised, and reads one with a capital ("Homebrew")',
      {
        question: 'Quero que os repositórios git comecem com o ramo main em vez de master. Homebrew instala o git?',
        unknown: ['mast', 'homebrew'],
        known: ['repositori', 'git', 'comec', 'ram', 'main', 'instal'],
        config: 'portuguese',
        names: ['Homebrew'],
      },
    ],
    [
      'reads an English loanword in German as a name ("Homebrew")',
      {
        question: 'Wie installiere ich auf meinem Mac Programme mit Homebrew?',
        unknown: ['homebrew'],
        known: ['mac', 'installi', 'programm'],
        config: 'german',
        names: ['Homebrew'],
      },
    ],
    [
      'leaves an English word in lower case in German to the evidence floor: a slip of a German word ("sheen" for "sehen"), not a name',
      {
        question: 'Wie kann ich ein grafisches Programm auf einem entfernten Rechner starten und sein Fenster auf meinem Bildschirm sheen?',
        unknown: ['sheen'],
        known: ['grafisch', 'programm', 'entfernt', 'rechn', 'start', 'fenst', 'bildschirm'],
        config: 'german',
        names: [],
      },
    ],
    [
      'reads a capital inside a Spanish sentence as a name ("Kubernetes"), not a plain word ("clúster") or a lower-case one ("kubeadm")',
      {
        question: '¿Cómo monto un clúster de Kubernetes con kubeadm?',
        unknown: ['clust', 'kubernet', 'kubeadm'],
        known: ['mont'],
        config: 'spanish',
        names: ['Kubernetes'],
      },
    ],
    [
      'reads a capital inside a Spanish sentence as a name even when it is not software ("Hacienda")',
      {
        question: '¿Tengo que declarar a Hacienda las donaciones que recibe mi proyecto?',
        unknown: ['haciend', 'donacion'],
        known: ['declar', 'recib', 'proyect'],
        config: 'spanish',
        names: ['Hacienda'],
      },
    ],
    [
      'leaves German nouns ("Leitung": German capitalises them) and plain verbs ("hochfahren") to the evidence floor',
      {
        question: 'Mein Rechner saugt beim Hochfahren die ganze Leitung leer',
        unknown: ['saugt', 'hochfahr', 'leitung'],
        known: ['rechn', 'leer'],
        config: 'german',
        names: [],
      },
    ],
    [
      'leaves a name the site writes ("Windows"), whose capital at the start of the sentence says nothing either',
      {
        question: 'Windows arranca despacio',
        unknown: ['arranc'],
        known: ['windows', 'despaci'],
        config: 'spanish',
        names: [],
      },
    ],
    [
      'reads no name when the site writes every word',
      {
        question: '¿Cómo instalo un paquete?',
        unknown: [],
        known: ['instal', 'paquet'],
        config: 'spanish',
        names: [],
      },
    ],
  ])('%s', (_why, { question, unknown, known, config, names }) => {
    expect(foreignAbsentNames(question, terms(unknown, known), config, english)).toEqual(names);
  });
});

describe('"not sure" about a question mostly in words the site never writes', () => {
  const passage = {
    id: '1',
    url: 'https://x.test/a',
    title: 'A',
    headingPath: '',
    content: 'Lumen can send a build report.',
    score: 1,
    phrase: 0,
    coverage: 0.2,
    matched: [],
  };
  const unsure = (t: QueryTerm[], textConfig = 'english'): Retrieval => ({
    terms: t,
    pages: [{ url: 'https://x.test/a', title: 'A', score: 1, coverage: 0.2, chunks: [passage] }],
    outcome: 'unsure',
    evidence: 0.2,
    covered: false,
    textConfig,
  });

  it('declines with no sources when three quarters of its information is absent', () => {
    const q = 'How do I fix a flat tire on my bicycle?';
    const r = declineOffTopic(q, unsure([...terms(['tire', 'bicycl'], [], 9), ...terms([], ['flat', 'fix'], 2)]), {
      english,
      words: english,
    });
    expect(r.outcome).toBe('none');
    expect(r.pages).toEqual([]);
  });

  it('keeps "not sure" when the site writes most of the question, and never counts a language name as absent', () => {
    const half = terms(['telemetri'], ['send', 'lumen']);
    expect(absentShare(half)).toBeCloseTo(1 / 3);
    expect(declineOffTopic('Does Lumen send telemetry?', unsure(half), { english, words: english }).outcome).toBe('unsure');
    const languages = terms(['german', 'english'], ['build', 'site']);
    expect(absentShare(languages)).toBe(0);
    expect(declineOffTopic('Can I build my site in German and English?', unsure(languages), { english, words: english }).outcome).toBe(
      'unsure',
    );
  });

  it('declines a rarely written name the passages lack only when it carries a real part of the question', () => {
    // The site writes "React" in a few passages, none of them found: the question is React's.
    const react = [...terms(['hook'], [], 3), ...terms([], ['react'], 6), ...terms([], ['fetch', 'data', 'compon'], 3)];
    expect(declineOffTopic('Which React hook should I use to fetch data?', unsure(react), { english, words: english }).outcome).toBe(
      'none',
    );
    // "on GitHub" in passing, in a long question about a merge error: still "not sure", with the passage.
    const merge = [
      ...terms([], ['github'], 6),
      ...terms([], ['creat', 'repo', 'local', 'project', 'fail', 'fatal', 'refus', 'merg', 'unrel', 'histori', 'past'], 5),
    ];
    const r = declineOffTopic(
      "I created a repo on GitHub, and merging my local project fails with 'fatal: refusing to merge unrelated histories'. How do I get past this?",
      unsure(merge),
      { english, words: english },
    );
    expect(r.outcome).toBe('unsure');
    expect(r.pages).toHaveLength(1);
  });

  it('declines a German question naming software the site never writes, naming it', () => {
    const r = declineOffTopic(
      'Wie installiere ich auf meinem Mac Programme mit Homebrew?',
      { ...unsure(terms(['homebrew'], ['mac', 'installi', 'programm']), 'german'), outcome: 'answer' },
      { english },
    );
    expect(r).toMatchObject({ outcome: 'none', pages: [], absent: ['Homebrew'] });
  });
});
