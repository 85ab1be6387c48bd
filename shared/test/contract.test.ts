import { describe, expect, it } from 'vitest';
import { formatSseEvent, SseParser } from '../src/contract/sse';
import { DEFAULT_CONVERSATION_TITLES, isDefaultConversationTitle } from '../src/contract/titles';
import { VISITOR_ID_PATTERN } from '../src/contract/visitor';
import { newVisitorId } from '../src/visitor';

/** What the server and both clients agree on (shared/src/contract/). */
describe('contract', () => {
  it('visitor ids: 22 to 128 URL-safe characters after the prefix, as the clients make them', () => {
    expect(VISITOR_ID_PATTERN.test(newVisitorId())).toBe(true);
    expect(VISITOR_ID_PATTERN.test(`visitor-${'a'.repeat(22)}`)).toBe(true);
    expect(VISITOR_ID_PATTERN.test(`visitor-${'a'.repeat(128)}`)).toBe(true);
    expect(VISITOR_ID_PATTERN.test(`visitor-${'a'.repeat(21)}`)).toBe(false);
    expect(VISITOR_ID_PATTERN.test(`visitor-${'a'.repeat(129)}`)).toBe(false);
    expect(VISITOR_ID_PATTERN.test(`visitor-${'a'.repeat(21)}+`)).toBe(false);
  });

  it('default titles: the three the clients create, and nothing an owner or a question would write', () => {
    expect(Object.values(DEFAULT_CONVERSATION_TITLES).every(isDefaultConversationTitle)).toBe(true);
    expect(isDefaultConversationTitle('How do I install it?')).toBe(false);
    expect(isDefaultConversationTitle('new chat')).toBe(false);
  });

  it('SSE: what the server writes is what the clients read, whatever the pieces', () => {
    const wire = formatSseEvent('token', '{"delta":"a"}') + ': ping\n\n' + formatSseEvent('note', 'line 1\nline 2\r\nline 3');
    expect(formatSseEvent('done', '{}')).toBe('event: done\ndata: {}\n\n');
    for (let cut = 1; cut < wire.length; cut++) {
      const parser = new SseParser();
      const events = [...parser.push(wire.slice(0, cut)), ...parser.push(wire.slice(cut)), ...parser.end()];
      expect(events).toEqual([
        { event: 'token', data: '{"delta":"a"}' },
        { event: 'note', data: 'line 1\nline 2\nline 3' },
      ]);
    }
  });

  it('SSE: an event cut off by the end of the stream still counts', () => {
    const parser = new SseParser();
    expect(parser.push('event: error\ndata: {"detail":"x"}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'error', data: '{"detail":"x"}' }]);
    expect(parser.end()).toEqual([]);
  });
});
