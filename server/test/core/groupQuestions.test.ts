import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../src/insights/csv.js';
import { groupQuestions, jaccard } from '../../src/insights/groupQuestions.js';

const q = (text: string, lexemes: string[], askedAt: string, conversationId = `c-${text}`) => ({ text, lexemes, askedAt, conversationId });

describe('grouping unanswered questions', () => {
  it('puts rephrasings together and keeps other questions apart, most asked first', () => {
    const groups = groupQuestions([
      q('how do I reset my password', ['reset', 'password'], '2026-01-01T10:00:00.000Z'),
      q('What is the refund policy?', ['refund', 'polici'], '2026-01-03T10:00:00.000Z'),
      q('password reset how?', ['password', 'reset'], '2026-01-02T10:00:00.000Z'),
      q('Reset my account password', ['reset', 'account', 'password'], '2026-01-04T10:00:00.000Z'),
    ]);
    expect(
      groups.map(({ question, variants, count, last_asked, conversation_ids }) => ({
        question,
        variants,
        count,
        last_asked,
        conversation_ids,
      })),
    ).toEqual([
      {
        question: 'Reset my account password',
        variants: ['password reset how?', 'how do I reset my password'],
        count: 3,
        last_asked: '2026-01-04T10:00:00.000Z',
        conversation_ids: ['c-Reset my account password', 'c-password reset how?', 'c-how do I reset my password'],
      },
      {
        question: 'What is the refund policy?',
        variants: [],
        count: 1,
        last_asked: '2026-01-03T10:00:00.000Z',
        conversation_ids: ['c-What is the refund policy?'],
      },
    ]);
  });

  it("keeps every reply of a group, the newest reply, and each conversation's title and time", () => {
    const reply = (text: string) => ({ kind: 'unsure' as const, text, source: null });
    const groups = groupQuestions([
      {
        ...q('reset password', ['reset', 'password'], '2026-01-01T10:00:00.000Z', 'a'),
        conversationTitle: 'First',
        replyId: 'r1',
        reply: reply('old'),
      },
      {
        ...q('password reset', ['password', 'reset'], '2026-01-02T10:00:00.000Z', 'b'),
        conversationTitle: 'Second',
        replyId: 'r2',
        reply: reply('new'),
      },
      {
        ...q('reset password', ['reset', 'password'], '2026-01-01T09:00:00.000Z', 'a'),
        conversationTitle: 'First',
        replyId: 'r3',
        reply: reply('older'),
      },
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.reply_ids).toEqual(['r2', 'r1', 'r3']);
    expect(groups[0]!.latest_reply?.text).toBe('new');
    expect(groups[0]!.conversations).toEqual([
      { id: 'b', title: 'Second', asked_at: '2026-01-02T10:00:00.000Z' },
      { id: 'a', title: 'First', asked_at: '2026-01-01T10:00:00.000Z' },
    ]);
  });

  it('counts exact repeats once as a wording and groups stopword-only questions by their text', () => {
    const groups = groupQuestions([
      q('What?', [], '2026-01-01T00:00:00.000Z', 'a'),
      q('what?', [], '2026-01-02T00:00:00.000Z', 'b'),
      q('Why?', [], '2026-01-03T00:00:00.000Z', 'c'),
    ]);
    expect(groups.map((g) => [g.question, g.count, g.variants])).toEqual([
      ['what?', 2, []],
      ['Why?', 1, []],
    ]);
  });

  it('measures overlap as Jaccard', () => {
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3);
    expect(jaccard(new Set(['a']), new Set(['a']))).toBe(1);
  });
});

describe('CSV cells', () => {
  it('quote, double quotes and defuse formulas', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) expect(csvCell(f)).toBe(`"'${f}"`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
    expect(csvRow(['a', 'b\nc'])).toBe('"a","b\nc"\r\n');
  });
});
