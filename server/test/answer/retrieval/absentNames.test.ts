import { beforeAll, describe, expect, it } from 'vitest';
import { absentNames, listNames, unmatchedNames } from '../../../src/answer/retrieval/absentNames.js';
import type { QueryTerm } from '../../../src/answer/types.js';
import { englishWords } from '../../../src/text/englishWords.js';

let english: ReadonlySet<string>;
beforeAll(async () => {
  english = await englishWords();
});

/** Query terms as retrieval makes them: the listed lexemes unknown to the site (df 0), the rest known. */
const terms = (unknown: string[], known: string[] = []): QueryTerm[] =>
  [...unknown.map((lexeme) => ({ lexeme, df: 0 })), ...known.map((lexeme) => ({ lexeme, df: 5 }))].map((t) => ({
    ...t,
    positions: [1],
    idf: 3,
    scoreWeight: 3,
    coverageWeight: 1,
  }));

describe('names a question asks about that the site never writes', () => {
  it('finds product and tool names the site does not use, as the visitor wrote them', () => {
    expect(absentNames('How do I deploy my site with Terraform?', terms(['terraform'], ['deploy', 'site']), english)).toEqual([
      'Terraform',
    ]);
    expect(absentNames('How do I configure rate limiting behind nginx?', terms(['nginx'], ['configur', 'rate', 'limit']), english)).toEqual(
      ['nginx'],
    );
    // A capital inside a word marks a name even when its parts are English ("Word" + "Press").
    expect(absentNames('Can I import my posts from a WordPress blog?', terms(['wordpress'], ['import', 'post', 'blog']), english)).toEqual([
      'WordPress',
    ]);
    expect(absentNames('How do I install PyTorch with CUDA support?', terms(['pytorch', 'cuda'], ['instal', 'support']), english)).toEqual([
      'PyTorch',
      'CUDA',
    ]);
  });

  it('reads a question naming several products as English', () => {
    expect(
      absentNames(
        'Which Lenovo ThinkPad models ship with Debian preinstalled?',
        terms(['lenovo', 'thinkpad', 'preinstal'], ['model', 'ship', 'debian']),
        english,
      ),
    ).toEqual(['Lenovo', 'ThinkPad']);
  });

  it('leaves English words, lower-case jargon made of two English words and file extensions to the evidence floor', () => {
    // "telemetry" is English; "backend" and "webhook" are two English words run together.
    expect(absentNames('Does Lumen send telemetry?', terms(['telemetri'], ['lumen', 'send']), english)).toEqual([]);
    expect(absentNames('Does the search box need a backend?', terms(['backend'], ['search', 'box']), english)).toEqual([]);
    expect(absentNames('How do I verify a webhook signature?', terms(['webhook'], ['verifi', 'signatur']), english)).toEqual([]);
    // ".dat" is a file type the question names, not a product.
    expect(absentNames('Can Git treat our .dat files as binary?', terms(['dat'], ['git', 'treat', 'file', 'binari']), english)).toEqual([]);
    // A short capitalised English word ("Mac") may be the site's "macOS"; a language's name is not a product's.
    expect(absentNames('My Mac refuses to open the binary', terms(['mac'], ['refus', 'open', 'binari']), english)).toEqual([]);
    expect(absentNames('Can I build my site in German and English?', terms(['german', 'english'], ['build', 'site']), english)).toEqual([]);
  });

  it('names nothing the site uses, numbers, or anything in a question that is not English', () => {
    expect(absentNames('How do I deploy with Terraform?', terms([], ['deploy', 'terraform']), english)).toEqual([]);
    expect(
      absentNames(
        'What changed in version 42?',
        terms(['42'], ['chang', 'version']).map((t) => ({ ...t, coverageWeight: t.df ? 1 : 0 })),
        english,
      ),
    ).toEqual([]);
    // German: most words are not English, and its nouns are capitalised; no word list here for it.
    expect(
      absentNames(
        'Wie lege ich fest, welcher Editor standardmäßig benutzt wird?',
        terms(['standardmäss', 'benutzt', 'leg'], ['editor']),
        english,
      ),
    ).toEqual([]);
    expect(absentNames('Terraform?', terms(['terraform']), undefined)).toEqual([]);
  });

  it('lists one, two or more names as a sentence reads them', () => {
    expect(listNames(['Terraform'])).toBe('Terraform');
    expect(listNames(['Django', 'SQLAlchemy'])).toBe('Django or SQLAlchemy');
    expect(listNames(['A', 'B', 'C'])).toBe('A, B or C');
  });
});

describe('names the site writes only in passing, missing from the passages found', () => {
  /** Terms with the site's passage counts: `React` in 6 passages, `Debian` in 600. */
  const counted = (df: Record<string, number>): QueryTerm[] =>
    Object.entries(df).map(([lexeme, n]) => ({ lexeme, df: n, positions: [1], idf: 3, scoreWeight: 3, coverageWeight: 1 }));
  const question = 'Which React hook should I use to fetch data when a component mounts?';
  const aboutFetching = ['urllib fetches data from a URL; a component of the URL is its scheme.'];

  it('names a rare name that no passage found holds, with the term that stands for it', () => {
    const found = counted({ react: 6, hook: 40, fetch: 80, data: 900 });
    expect(unmatchedNames(question, found, aboutFetching, english)).toEqual([{ name: 'React', terms: [found[0]] }]);
    // A name's term may be its stem, as the English configuration makes it ("jenkins" -> "jenkin").
    const stemmed = counted({ jenkin: 3, plugin: 40 });
    expect(unmatchedNames('Which Jenkins plugin should I use to fetch data?', stemmed, aboutFetching, english)).toEqual([
      { name: 'Jenkins', terms: [stemmed[0]] },
    ]);
  });

  it('leaves a name the site writes often, a name the passages hold, and an acronym found in its singular', () => {
    expect(unmatchedNames(question, counted({ react: 600, fetch: 80 }), aboutFetching, english)).toEqual([]);
    expect(unmatchedNames(question, counted({ react: 6 }), ['React components fetch data in an effect hook.'], english)).toEqual([]);
    expect(
      unmatchedNames('How do I check whether my processor can run VMs?', counted({ vms: 4 }), ['A VM needs hardware support.'], english),
    ).toEqual([]);
  });

  it('does not read capitals at the start of a sentence, names the site never writes, or a question in another language', () => {
    expect(unmatchedNames('Fetch data when a component mounts?', counted({ fetch: 3 }), ['nothing here'], english)).toEqual([]);
    expect(unmatchedNames(question, counted({ react: 0, fetch: 80 }), aboutFetching, english)).toEqual([]);
    expect(unmatchedNames('Wie richte ich mit Kubeadm einen Cluster ein?', counted({ kubeadm: 2 }), ['nichts'], english)).toEqual([]);
  });

  it('reads words capitalised together as one name, matched only where a passage writes them together', () => {
    const monaLisa = counted({ paint: 6, lisa: 7 });
    // A passage with "Lisa" in an example matches "Lisa", not "the Mona Lisa".
    const example = ['>>> greet("Lisa")  # painted in blue on the terminal'];
    expect(unmatchedNames('Who painted the Mona Lisa?', monaLisa, example, english)).toEqual([{ name: 'Mona Lisa', terms: [monaLisa[1]] }]);
    expect(unmatchedNames('Who painted the Mona Lisa?', monaLisa, ['The Mona\nLisa hangs in the Louvre.'], english)).toEqual([]);
    // "Google" written often and "sheet" rarely, apart: the name of two words is still unmatched.
    const sheets = counted({ googl: 15, sheet: 2, pivot: 0 });
    expect(
      unmatchedNames('How do I create a pivot table in Google Sheets?', sheets, ['Fonts from Google; a style sheet.'], english),
    ).toEqual([{ name: 'Google Sheets', terms: [sheets[0], sheets[1]] }]);
  });

  it('reads no name of several words across a comma, from a sentence start, with "I", or of words the site writes often', () => {
    const lisa = ['nothing about them'];
    // Each is a name of its own (rare, unmatched), none of them with the next.
    const releases = unmatchedNames(
      'Why are releases called Buster, Woody and Sid?',
      counted({ buster: 4, woodi: 4, sid: 4 }),
      lisa,
      english,
    );
    expect(releases.map((n) => n.name)).toEqual(['Buster', 'Woody', 'Sid']);
    expect(unmatchedNames('Google Sheets: how do I read one?', counted({ googl: 3, sheet: 30 }), lisa, english)).toEqual([]);
    expect(unmatchedNames('On my Windows PC I have two versions.', counted({ window: 400, pc: 40 }), lisa, english)).toEqual([]);
    expect(unmatchedNames('Can I deploy to GitHub Pages?', counted({ github: 40, page: 900 }), lisa, english)).toEqual([]);
  });
});
