import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { createConversation } from '../../src/db/repositories/conversations.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { csvCell } from '../../src/insights/csv.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

/**
 * A visitor's message exported to the owner's spreadsheet must not run as a formula, however it
 * disguises its `=`: a look-alike a spreadsheet folds into `=` (fullwidth ＝), or a real `=` behind
 * characters that show nothing (zero-width space, BOM, direction marks).
 */
const DISGUISED = [
  '＝HYPERLINK("http://evil.example","x")',
  '＋1+cmd|" /C calc"!A0',
  '－1+1',
  '＠SUM(A1:A2)',
  '﹦1+1',
  '⁼1+1',
  '\u2212 1+1',
  '\u200B=HYPERLINK("http://evil.example")',
  '\uFEFF=1+1',
  '\u200E\u200F+1',
  '\u2060\u00AD@SUM(A1)',
  ' \u00A0=1+1',
  '\u200B＝1+1',
];
const HARMLESS = ['Hello =)', 'What does 1+1 make?', 'ｈｅｌｌｏ', '\u200Bhello', 'e-mail me @ noon', ''];

describe('CSV export formula guard', () => {
  it('prefixes a cell whose first visible character is = + - @ or a look-alike, behind any invisible characters', () => {
    for (const text of DISGUISED) expect(csvCell(text), JSON.stringify(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
  });

  it('leaves cells that start with anything else as they are', () => {
    for (const text of HARMLESS) expect(csvCell(text), JSON.stringify(text)).toBe(`"${text}"`);
  });

  describe('through the owner export route', () => {
    let t: TestApp;
    let owner: { idToken: string; uid: string };
    let bot: string;
    beforeAll(async () => {
      t = await buildTestApp();
      owner = await signIn('csv-formula-owner@example.com');
      bot = (await insertChatbot(t.db, { ownerUid: owner.uid, name: 'Spreadsheet target' })).id;
      const conv = await createConversation(t.db, bot, newVisitorId(), 'Disguised formulas');
      for (const content of DISGUISED) await appendMessage(t.db, t.ctx.messageCache, conv.id, { role: 'user', content });
    });
    afterAll(() => t?.close());

    it('exports no message a spreadsheet would run', async () => {
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/v1/chatbots/${bot}/insights/conversations/export?format=csv`,
        headers: { authorization: `Bearer ${owner.idToken}` },
      });
      expect(csv.statusCode).toBe(200);
      const contents = csv.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.match(/^(?:"(?:[^"]|"")*",){6}"((?:[^"]|"")*)"/)![1]!.replace(/""/g, '"'));
      expect(contents).toHaveLength(DISGUISED.length);
      // (PGlite drops a message's leading BOM as it reads it back; PostgreSQL keeps it, and the guard holds either way.)
      const withoutBom = (list: string[]) => list.map((c) => c.replace(/^'\uFEFF/, "'")).sort();
      expect(withoutBom(contents)).toEqual(withoutBom(DISGUISED.map((d) => `'${d}`)));
    });
  });
});
