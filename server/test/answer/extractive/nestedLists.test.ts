import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Marked, type Tokens } from 'marked';
import { parseDocument } from 'htmlparser2';
import { extractiveAnswer } from '../../../src/answer/extractive/extractive.js';
import { databaseLexer } from '../../../src/answer/extractive/lexer.js';
import { renderWindow } from '../../../src/answer/extractive/render.js';
import { toUnits } from '../../../src/answer/extractive/sentences.js';
import { FullTextRetriever } from '../../../src/answer/retrieval/retriever.js';
import { renderMarkdown } from '../../../src/crawl/markdownWriter.js';
import type { Db } from '../../../src/db/db.js';
import { MarkdownChunker } from '../../../src/index/chunker.js';
import { openTestDb } from '../../helpers/db.js';
import { seedBot } from '../seed.js';
import { reply as english } from '../../../../shared/src/messages/en.js';

/**
 * A nested list quoted in an answer reads nested, as on the page: DocBook (and Sphinx) write each
 * item as a paragraph, so a loose list's items are blocks of their own, and the indentation that
 * says which style an item belongs to was lost when the chunker trimmed each block.
 */
const MOUSE_HTML = `<h2>Mouse operations</h2><p>Mouse operations for text on Debian mix two styles:</p>
<div class="itemizedlist"><ul class="itemizedlist">
<li class="listitem"><p>Traditional Unix style mouse operations:</p>
  <div class="itemizedlist"><ul class="itemizedlist">
  <li class="listitem"><p>use three buttons to click and paste the selection</p></li>
  <li class="listitem"><p>used by X applications such as xterm and the Linux console</p></li>
  </ul></div></li>
<li class="listitem"><p>Modern GUI style mouse operations:</p>
  <div class="itemizedlist"><ul class="itemizedlist">
  <li class="listitem"><p>use two buttons to drag and click into the clipboard</p></li>
  <li class="listitem"><p>used in modern GUI applications such as gnome-terminal</p></li>
  </ul></div></li>
</ul></div>`;

const STEPS_HTML = `<h2>Replacing a disk</h2><p>To replace the failed disk of the mirror, in this order:</p>
<ol><li><p>Mark the failed disk as faulty with mdadm and its fail option.</p></li>
<li><p>Remove the faulty disk from the array with the remove option.</p></li>
<li><p>Add the new disk to the array with the add option and wait for the resync.</p></li></ol>`;

const chunkOf = (html: string): string => {
  const chunks = new MarkdownChunker().chunk('Page', renderMarkdown(parseDocument(html).children));
  expect(chunks).toHaveLength(1);
  return chunks[0]!.content;
};

/** The whole chunk quoted as one window, as the answer shows it. */
const quoted = (content: string, from = 0, numbered = true): string => {
  const units = toUnits(content, 'https://s.test/page').map((unit) => ({ unit, lexemes: new Set<string>() }));
  const window = { start: from, end: units.length - 1, score: 1, said: new Set<string>(), words: 0 };
  return renderWindow(units, window, '[[1]](https://s.test/page)', english, numbered).join('\n\n');
};

const lists = (markdown: string): Tokens.List[] =>
  new Marked({ gfm: true }).lexer(markdown).filter((t): t is Tokens.List => t.type === 'list');

describe('a quoted nested list', () => {
  it('keeps each item under the item it belongs to', () => {
    const [list, ...rest] = lists(quoted(chunkOf(MOUSE_HTML)));
    expect(rest).toEqual([]);
    expect(list!.items.map((i) => i.text.split('\n')[0])).toEqual([
      'Traditional Unix style mouse operations:',
      'Modern GUI style mouse operations:',
    ]);
    const inner = list!.items.map((i) => i.tokens.find((t): t is Tokens.List => t.type === 'list')?.items.map((x) => x.text.trim()));
    expect(inner[0]).toEqual([
      'use three buttons to click and paste the selection',
      'used by X applications such as xterm and the Linux console',
    ]);
    expect(inner[1]?.[0]).toBe('use two buttons to drag and click into the clipboard');
  });

  it('never opens with an indented item, which Markdown would show as code', () => {
    const content = chunkOf(MOUSE_HTML);
    const from = toUnits(content, 'https://s.test/page').findIndex((u) => u.plain.startsWith('use two buttons'));
    const text = quoted(content, from);
    expect(text.startsWith('- use two buttons')).toBe(true);
    expect(new Marked().lexer(text).some((t) => t.type === 'code')).toBe(false);
  });

  it('keeps the numbers of numbered steps', () => {
    const [list] = lists(quoted(chunkOf(STEPS_HTML)));
    expect(list!.ordered).toBe(true);
    expect(list!.items).toHaveLength(3);
    const from = toUnits(chunkOf(STEPS_HTML), 'https://s.test/page').findIndex((u) => u.plain.startsWith('Remove the faulty'));
    const [tail] = lists(quoted(chunkOf(STEPS_HTML), from));
    expect(tail!.start).toBe(2);
    // Under an "Also:" bullet a number would open a list of its own: the steps are bullets there.
    expect(quoted(chunkOf(STEPS_HTML), from, false)).toMatch(/^- Remove the faulty disk[^\n]*\n+- Add the new disk/);
  });

  it('shows an item after a code block at the margin, not as indented code', () => {
    const content =
      '- Get a backtrace the first way:\n\n    - Set the core size in limits.conf so that it holds:\n\n```\n* soft core unlimited\n```\n\n    - Run the program from that shell until it crashes again.';
    const text = quoted(content);
    const tokens = new Marked().lexer(text);
    expect(tokens.filter((t) => t.type === 'code').map((t) => (t as Tokens.Code).text)).toEqual(['* soft core unlimited']);
    expect(text).toMatch(/\n- Run the program from that shell/);
  });
});

describe('an answer quoting a nested list', () => {
  let db: Db;
  let bot: string;
  beforeAll(async () => {
    db = await openTestDb();
    bot = await seedBot(db, [
      { url: 'https://desk.test/mouse', title: 'Desktop basics', chunks: [{ heading: 'Mouse operations', content: chunkOf(MOUSE_HTML) }] },
    ]);
  });
  afterAll(() => db.close());

  it('shows the nesting the page has', async () => {
    const question = 'Which applications use the traditional Unix style mouse operations with three buttons?';
    const r = await new FullTextRetriever(db).retrieve(bot, question);
    const { markdown } = await extractiveAnswer(question, r.terms, r.pages, databaseLexer(db));
    expect(markdown).toMatch(/^- Traditional Unix style mouse operations:\n\n {4}- use three buttons/m);
  });
});
