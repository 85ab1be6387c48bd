import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractiveAnswer, NOT_COVERED_ANSWER } from '../../../src/answer/extractive/extractive.js';
import { databaseLexer } from '../../../src/answer/extractive/lexer.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import { absolutizeLinks, isTitleLine, splitBlocks, splitSentences, termLabel, toUnits } from '../../../src/answer/extractive/sentences.js';
import { bestWindow } from '../../../src/answer/extractive/window.js';
import type { Db } from '../../../src/db/db.js';
import { insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { openTestDb } from '../../helpers/db.js';
import { QUILL_SITE, seedPages, type SeedPage } from '../seed.js';

let db: Db;
let bot: string;
let retriever: FullTextRetriever;

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, bot, QUILL_SITE);
  retriever = new FullTextRetriever(db);
});
afterAll(() => db.close());

async function answer(question: string, on = bot) {
  const r = await retriever.retrieve(on, question);
  return extractiveAnswer(question, r.terms, r.covered ? r.pages : [], databaseLexer(db));
}

/** A bot of its own with these pages. */
async function botWith(pages: SeedPage[]): Promise<string> {
  const id = (await insertChatbot(db, { ownerUid: 'o' })).id;
  await seedPages(db, id, pages);
  return id;
}

describe('extractive answers', () => {
  it("never emit an image: a page's image tag shown as text stays text, Markdown images are dropped", async () => {
    const pics = await botWith([
      {
        url: 'https://html.test/images',
        title: 'Images in HTML',
        chunks: [
          {
            heading: 'Images',
            content:
              '# Images\n\nTo show a picture, write <img src="https://tracker.test/p.gif?leak=1" alt="pixel"> in the page body. ' +
              'The picture tag also works: ![diagram](https://tracker.test/d.png) shows the layout of a picture. ' +
              'A reference picture ![logo][l] is allowed in a picture too.\n\n[l]: https://tracker.test/l.png',
          },
        ],
      },
    ]);
    const { markdown } = await answer('How do I show a picture in the page body?', pics);
    expect(markdown).toContain('picture');
    expect(markdown).not.toMatch(/<img|!\[/i);
    expect(markdown).toContain('&lt;img src="https://tracker.test/p.gif?leak=1" alt="pixel">');
  });

  it('quotes the best section whole under its heading, with its code, and cites the page', async () => {
    const { markdown, cited } = await answer('How do I install the quill command line tool?');
    expect(markdown).toBe(
      '**Installing Quill › Installation**\n\n' +
        'Quill runs on Linux, macOS and Windows. Install Quill with the package manager of your system.\n\n' +
        'To install the command line tool, run:\n\n```\nnpm install -g quill-cli\n```\n\n' +
        'After installing, check the version with `quill --version`. [[1]](https://docs.quill.test/install)',
    );
    expect(cited.map((p) => p.url)).toEqual(['https://docs.quill.test/install']);
  });

  it("quotes no table of contents' titles: not after the quote, not as a quote of their own", async () => {
    // A book's start page: who wrote it, then its contents as bold titles (as DocBook renders them).
    const contents = [
      '1. Installing Quill on your own computer',
      '1.1. What you need before you install Quill',
      '2. Deploying a Quill site to a server',
      '2.7. Limiting the bandwidth of uploads while deploying',
      '2.8. Retrying the uploads that failed halfway through',
    ];
    const book = await botWith([
      {
        url: 'https://book.test/index.html',
        title: 'The Quill Book',
        chunks: [
          {
            heading: 'The Quill Book',
            content: `The Quill Book was written by Ada Lovelace and covers installing and deploying Quill sites.\n\n${contents.map((c) => `**${c}**`).join('\n\n')}`,
          },
        ],
      },
      {
        url: 'https://book.test/deploy.html',
        title: '2. Deploying',
        chunks: [
          {
            heading: '2. Deploying > 2.7. Limiting the bandwidth of uploads',
            content: 'To limit the bandwidth of uploads to 800 KiB/s, set `upload_limit = 800` in quill.toml before you deploy.',
          },
        ],
      },
    ]);
    // A warning set in bold is no title: it says something.
    const bold = toUnits('Deploy with `quill deploy`.\n\n**Never deploy from a folder you have not built.**', 'https://s.test/');
    expect(bold.map((u) => isTitleLine(u))).toEqual([false, false]);
    expect(toUnits('**2.7.11. Qui a envoyé le paquet ?**', 'https://s.test/').map((u) => isTitleLine(u))).toEqual([true]);

    const author = await answer('Who wrote the Quill Book?', book);
    expect(author.markdown).toContain('Ada Lovelace');
    expect(author.markdown).not.toContain('Requirements');

    const limit = await answer('How do I limit the bandwidth of uploads when I deploy?', book);
    expect(limit.markdown).toContain('upload_limit = 800');
    expect(limit.markdown).not.toContain('2.8. Retrying');
    expect(limit.cited.map((p) => p.url)).toEqual(['https://book.test/deploy.html']);
  });

  it('answers "what" questions with the defining sentences, numbering citations as the sources it returns', async () => {
    const { markdown, cited } = await answer('Which file does Quill read its settings from?');
    expect(markdown.split('\n\n')[1]).toContain('quill.toml');
    expect(markdown).toContain('(https://docs.quill.test/config)');
    // [n] links to the n-th cited page; the chat lists the sources once, under the answer, not in the text
    for (const m of markdown.matchAll(/\[\[(\d+)\]\]\(([^)]+)\)/g)) expect(cited[Number(m[1]) - 1]?.url).toBe(m[2]);
    expect(markdown).not.toMatch(/sources/i);
  });

  it('prefers the whole sentence to the cut-off start of a continuation chunk, and marks a cut one', async () => {
    const floats = (await insertChatbot(db, { ownerUid: 'o' })).id;
    await seedPages(db, floats, [
      {
        url: 'https://num.test/floats',
        title: 'Floating point',
        chunks: [
          {
            heading: 'Floats',
            content:
              '# Floats\n\nFloating point numbers are stored as binary fractions, so a sum of floats can print with a rounding error.',
          },
          {
            heading: 'Floats',
            content: 'sum of floats can print with a rounding error. Use round() when you display a float sum to hide the rounding error.',
          },
        ],
      },
    ]);
    const r = await retriever.retrieve(floats, 'Why does a sum of floats print with a rounding error?');
    const { markdown } = await extractiveAnswer(
      'Why does a sum of floats print with a rounding error?',
      r.terms,
      r.pages,
      databaseLexer(db),
    );
    expect(markdown.split('\n\n')[1]).toContain('Floating point numbers are stored as binary fractions');
    expect(markdown).not.toMatch(/(^|\n|- )sum of floats can print/); // quoted at all, only as "…sum of floats"
    const units = toUnits('sum of floats can print with a rounding error. Use round() to hide it.', 'https://num.test/floats');
    expect(units[0]!.text).toBe('…sum of floats can print with a rounding error.');
    const code = toUnits('terminate...\n    for w in workers:\n        w.join()\n```\n\nThen stop.', 'https://num.test/floats');
    expect(code[0]).toMatchObject({ kind: 'code', partial: true, text: '    for w in workers:\n        w.join()' });
  });

  it('reads a dotted name as its parts too, as retrieval reads the question', async () => {
    const json = await botWith([
      {
        url: 'https://py.test/json',
        title: 'JSON encoder',
        chunks: [
          {
            heading: 'Usage',
            content:
              'Call `json.dumps(obj, indent=4)` for indented output of any object. JSON documents are read back into a dictionary by the decoder.',
          },
        ],
      },
    ]);
    const { markdown } = await answer('How do I dump a dictionary as indented JSON?', json);
    expect(markdown.split('\n\n')[1]).toContain('json.dumps(obj, indent=4)'); // dump, JSON, indented: not only dictionary, JSON
  });

  it('quotes an API description with the name it describes', async () => {
    const api = await botWith([
      {
        url: 'https://docs.quill.test/api',
        title: 'API reference',
        chunks: [
          {
            heading: 'API reference > Functions',
            content:
              '## Functions\n\n**quill.render(template, context=None)**\n\nRender a template to a string, filling its placeholders from the context.\n\n' +
              '**quill.watch(path, *, debounce=0.2)**\n\nRebuild the site whenever a file under path changes. Stops on Ctrl+C.',
          },
        ],
      },
    ]);
    const { markdown } = await answer('How do I rebuild the site automatically whenever a file changes?', api);
    // Without the name, "Rebuild the site whenever…" would not say what to call.
    expect(markdown.split('\n\n')[1]).toBe(
      '`quill.watch(path, *, debounce=0.2)`: Rebuild the site whenever a file under path changes. [[1]](https://docs.quill.test/api)',
    );
  });

  it('says plainly when nothing relevant was found', async () => {
    const { markdown, cited } = await answer('What is the boiling point of mercury?');
    expect(markdown).toBe(NOT_COVERED_ANSWER);
    expect(markdown).toMatch(/couldn't find this in the site's pages/);
    expect(cited).toEqual([]);
  });
});

describe('sentence units', () => {
  it('keeps fenced code whole, even with blank lines inside', () => {
    const blocks = splitBlocks('Intro line.\n\n```py\na = 1\n\nb = 2\n```\n\nAfter.');
    expect(blocks).toEqual(['Intro line.', '```py\na = 1\n\nb = 2\n```', 'After.']);
  });

  it('reads a chunk that starts inside a code block as code, not prose', () => {
    const units = toUnits(
      "    main()\nif __name__ == '__main__':\n    main()\n```\n\nHere is an example of how to send a message.",
      'https://s.test/',
    );
    expect(units.map((u) => u.kind)).toEqual(['code', 'sentence']);
    expect(units[1]!.text).toBe('Here is an example of how to send a message.');
    // the code is the cut-off end of a block; the sentence after it is whole
    expect(units.map((u) => Boolean(u.partial))).toEqual([true, false]);
  });

  it('marks the cut-off start of a continuation chunk, and only that', () => {
    const cut = toUnits('remember, the stored value is the nearest binary fraction. Python rounds what it prints.', 'https://s.test/');
    expect(cut.map((u) => Boolean(u.partial))).toEqual([true, false]);
    // In any alphabet, and after a closing quote mark: French and German cuts.
    for (const start of [
      '» et « `/etc/apt/apt.conf.d/50unattended` » comme décrit dans le fichier README du paquet. Le paquet sert aux mises à jour.',
      'établir la connexion avant de lancer la commande suivante. Le paquet sert aux mises à jour du système.',
      'über die Konsole angemeldet sind und den Befehl ausführen. Danach startet der Dienst neu, wie beschrieben.',
    ])
      expect(
        toUnits(start, 'https://s.test/').map((u) => Boolean(u.partial)),
        start,
      ).toEqual([true, false]);
    // A German quote opens with »: a chunk that starts with one starts a sentence.
    expect(toUnits('»Ubuntu« ist ein Derivat von Debian, das viele Pakete übernimmt.', 'https://s.test/')[0]!.partial).toBeFalsy();
    for (const whole of [
      '# Floats\n\nThe stored value is a binary fraction.',
      'The stored value is a binary fraction.',
      '`repr()` shows the shortest form that round-trips.',
    ]) {
      expect(
        toUnits(whole, 'https://s.test/').some((u) => u.partial),
        whole,
      ).toBe(false);
    }
  });

  it("reads a numbered heading inside a chunk as its path's sibling, child or uncle by its number", () => {
    const path = 'Capítulo 1. Tutoriales > 1.4. Fundamentos > 1.4.3. Combinaciones de teclas';
    const headingsOf = (next: string) =>
      toUnits(
        `Las teclas que se usan en la consola son estas.\n\n### ${next}\n\nEl ratón copia el texto con el botón central.`,
        'https://s.test/',
        path,
      ).map((u) => u.heading);
    expect(headingsOf('1.4.4. Operaciones con el ratón')[1]).toBe(
      'Capítulo 1. Tutoriales > 1.4. Fundamentos > 1.4.4. Operaciones con el ratón',
    );
    expect(headingsOf('1.4.3.1. El ratón')[1]).toBe(`${path} > 1.4.3.1. El ratón`);
    expect(headingsOf('1.5. El intérprete de órdenes')[1]).toBe('Capítulo 1. Tutoriales > 1.5. El intérprete de órdenes');
    // Without numbers to read, a heading line is taken to be one level below the path, as before.
    expect(headingsOf('Operaciones con el ratón')[1]).toBe(`${path} > Operaciones con el ratón`);
  });

  it('marks a paragraph that goes on with a sentence a code block interrupted, and no other', () => {
    const units = toUnits(
      'Before merging, look at both branches in the graphical tool:\n\n```\n$ gitk --all\n```\n\n' +
        'will show you both of your branches and their histories. Then merge them.\n\n```\n$ git merge mybranch\n```\n\n' +
        'The merge is recorded as a commit of its own.\n\n```\n$ git log\n```\n\n- lists the merge commit first, then both parents.',
      'https://s.test/',
    );
    const marked = units.filter((u) => u.resumes).map((u) => u.text);
    expect(marked).toEqual(['will show you both of your branches and their histories.']);
    // A window never starts there: quoting "will show you…" alone would start mid-sentence.
    const lexed = units.map((unit) => ({ unit, lexemes: new Set(unit.plain.toLowerCase().match(/[a-z]+/g) ?? []) }));
    const w = bestWindow(lexed, {
      weight: new Map([['histories', 1]]),
      totalWeight: 1,
      context: () => new Set(),
      maxWords: 60,
      maxBlocks: 1,
      blocks: true,
    });
    expect(w === undefined || !lexed[w.start]!.unit.resumes).toBe(true);
  });

  it('labels the sentences right after a lone bold term with it, and nothing else', () => {
    const units = toUnits(
      '**random.choice(seq)**\n\nReturn a random element from the non-empty sequence seq. If seq is empty, raises IndexError.\n\n' +
        'A later paragraph is no longer part of the description.\n\n**Note** that a sentence starting in bold is prose, not a term.\n\n' +
        '**A whole sentence set in bold is still a sentence.**\n\nSo this one has no label.',
      'https://s.test/',
    );
    expect(units.map((u) => [u.text, u.term])).toEqual([
      ['Return a random element from the non-empty sequence seq.', 'random.choice(seq)'],
      ['If seq is empty, raises IndexError.', 'random.choice(seq)'],
      ['A later paragraph is no longer part of the description.', undefined],
      ['**Note** that a sentence starting in bold is prose, not a term.', undefined],
      ['**A whole sentence set in bold is still a sentence.**', undefined],
      ['So this one has no label.', undefined],
    ]);
  });

  it('shows a term as code when it names an API, in bold when it is words, and shortens long signatures', () => {
    expect(termLabel('assertRaises(exception, callable, *args, kwds)')).toBe('`assertRaises(exception, callable, *args, kwds)`');
    expect(termLabel('abstract base class')).toBe('**abstract base class**');
    expect(termLabel('Module argparse')).toBe('**Module argparse**');
    expect(termLabel('names:')).toBe('**names**');
    expect(termLabel('-E')).toBe('`-E`');
    expect(termLabel('PYTHONHOME')).toBe('`PYTHONHOME`');
    expect(termLabel('exception socket.gaierror')).toBe('`exception socket.gaierror`');
    expect(termLabel('Tips for *starred* <names> & _more_')).toBe('**Tips for \\*starred\\* \\<names\\> & \\_more\\_**');
    expect(
      termLabel('class ctypes.OleDLL(name, mode=DEFAULT_MODE, handle=None, use_errno=False, use_last_error=False, winmode=None)'),
    ).toBe('`class ctypes.OleDLL(…)`');
  });

  it('splits sentences but not after abbreviations or inside inline code', () => {
    expect(splitSentences('Use a list, e.g. the one above. Call `x.sort()` first. Done!')).toEqual([
      'Use a list, e.g. the one above.',
      'Call `x.sort()` first.',
      'Done!',
    ]);
  });

  it('makes relative links absolute and drops unsafe or image links', () => {
    expect(
      absolutizeLinks(
        'See [the guide](../guide.html#x "Guide") and ![img](a.png) [bad](javascript:alert(1))',
        'https://s.test/docs/a/page.html',
      ),
    ).toBe('See [the guide](https://s.test/docs/guide.html#x) and  bad)');
  });

  it('turns list items into separate units, skips headings, keeps a table whole, and tracks the heading path', () => {
    const units = toUnits(
      '# Title\n\n- First item explains something useful.\n- Second item explains another thing.\n\n## Codes\n\n| a | b |\n|---|---|',
      'https://s.test/',
      'Title',
    );
    expect(units.map((u) => [u.kind, u.text, u.item, u.heading])).toEqual([
      ['sentence', 'First item explains something useful.', 0, 'Title'],
      ['sentence', 'Second item explains another thing.', 1, 'Title'],
      ['table', '| a | b |\n|---|---|', undefined, 'Title > Codes'],
    ]);
  });
});

describe('the page an answer leads with', () => {
  const install: SeedPage = {
    url: 'https://lumen.test/install',
    title: 'Installing Lumen',
    chunks: [
      {
        heading: 'Installing Lumen > Verify the installation',
        content:
          'Run `lumen --version`. It prints the version and the build date. If the command is not found after you installed it, see Troubleshooting.',
      },
    ],
  };
  const troubleshooting: SeedPage = {
    url: 'https://lumen.test/troubleshooting',
    title: 'Troubleshooting',
    chunks: [
      {
        heading: 'Troubleshooting > lumen: command not found',
        content:
          'Fixes for common problems: a command.\n\n' +
          "If you installed with npm as a dev dependency, run it through `npx lumen` or an npm script. If you installed globally, make sure npm's global bin folder is on your `PATH`.",
      },
    ],
  };
  const question = 'I installed it but my terminal says lumen: command not found';

  /** The answer when retrieval ranked the pages in this order, each page scoring `scores[i]`. */
  async function answerRanked(order: string[], scores: number[]) {
    const id = await botWith([install, troubleshooting]);
    const r = await retriever.retrieve(id, question, { keepBelowFloor: true });
    const pages = order.map((url, i) => ({ ...r.pages.find((p) => p.url === url)!, score: scores[i]! }));
    return extractiveAnswer(question, r.terms, pages, databaseLexer(db));
  }

  it('is the page retrieval ranked first, when another only words the question a little more closely', async () => {
    // The install page says "command not found" and "installed" in its text; the troubleshooting
    // page has the fix under a heading that names the error. Retrieval put the fix first.
    const { markdown, cited } = await answerRanked([troubleshooting.url, install.url], [1, 0.97]);
    expect(cited[0]!.url).toBe(troubleshooting.url);
    expect(markdown).toContain('npx lumen');
  });

  it('is another page when the first says far less of the question', async () => {
    const { cited } = await answerRanked([install.url, troubleshooting.url], [1, 0.97]);
    expect(cited[0]!.url).toBe(install.url);
    const fix = await botWith([
      troubleshooting,
      { ...install, chunks: [{ heading: 'Installing Lumen', content: 'Lumen is one binary.' }] },
    ]);
    const r = await retriever.retrieve(fix, question, { keepBelowFloor: true });
    const ranked = [...r.pages].sort((a) => (a.url === install.url ? -1 : 1));
    const second = await extractiveAnswer(question, r.terms, ranked, databaseLexer(db));
    expect(second.cited[0]!.url).toBe(troubleshooting.url);
  });

  it('trusts a page less the further down retrieval ranked it', async () => {
    // An install page that says the error's words, less closely than the troubleshooting page does:
    // from second place, the troubleshooting page's closer wording leads; from fourth, behind two
    // pages retrieval ranked above it, it no longer outweighs the first page.
    const closer: SeedPage = {
      ...install,
      chunks: [{ heading: 'Installing Lumen', content: 'After you installed it, the lumen command prints its version.' }],
    };
    const others: SeedPage[] = ['Themes', 'Plugins'].map((name) => ({
      url: `https://lumen.test/${name.toLowerCase()}`,
      title: name,
      chunks: [{ heading: name, content: `${name} change how a Lumen site looks and works.` }],
    }));
    const id = await botWith([closer, troubleshooting, ...others]);
    const r = await retriever.retrieve(id, question, { keepBelowFloor: true, pages: 5 });
    const page = (url: string) => ({ ...r.pages.find((p) => p.url === url)!, score: 1 });
    const leadOf = async (order: string[]) => (await extractiveAnswer(question, r.terms, order.map(page), databaseLexer(db))).cited[0]?.url;
    expect(await leadOf([closer.url, troubleshooting.url, others[0]!.url, others[1]!.url])).toBe(troubleshooting.url);
    expect(await leadOf([closer.url, others[0]!.url, others[1]!.url, troubleshooting.url])).toBe(closer.url);
  });

  it('is never a page offered only because plain BM25 ranks it first', async () => {
    // As above, the troubleshooting page says far more of the question than the first page; marked as
    // offered only by plain BM25 (retrieval/pages.ts), it may not lead.
    const fix = await botWith([
      troubleshooting,
      { ...install, chunks: [{ heading: 'Installing Lumen', content: 'Lumen is one binary. Install it with npm.' }] },
    ]);
    const r = await retriever.retrieve(fix, question, { keepBelowFloor: true });
    const ranked = [...r.pages].sort((a) => (a.url === install.url ? -1 : 1));
    const lead = async (mark: boolean) =>
      (
        await extractiveAnswer(
          question,
          r.terms,
          ranked.map((p) => ({ ...p, plainFirst: mark && p.url === troubleshooting.url })),
          databaseLexer(db),
        )
      ).cited[0]?.url;
    expect(await lead(false)).toBe(troubleshooting.url);
    expect(await lead(true)).not.toBe(troubleshooting.url);
  });
});
