import { describe, expect, it } from 'vitest';
import { createSseParser, readStreamEvents } from '../src/api/sse';

const stream = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      const enc = new TextEncoder();
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });

async function collect(chunks: string[]) {
  const out = [];
  for await (const ev of readStreamEvents(stream(chunks))) out.push(ev);
  return out;
}

const wire =
  'event: token\ndata: {"delta":"Hel"}\n\n' +
  ': keep-alive\n\n' +
  'event: token\r\ndata: {"delta":"lo"}\r\n\r\n' +
  'event: sources\ndata: {"sources":[{"url":"https://x.test/a","title":"A","snippet":"s"}]}\n\n' +
  'event: done\ndata: {"user_message":{"id":"u"},"assistant_message":{"id":"a"}}\n\n';

describe('SSE parsing', () => {
  it('yields typed events in order from one chunk', async () => {
    const events = await collect([wire]);
    expect(events.map((e) => e.event)).toEqual(['token', 'token', 'sources', 'done']);
    expect(events[0]).toEqual({ event: 'token', data: { delta: 'Hel' } });
  });

  it('gives the same events whatever the chunk boundaries, even mid-line and mid-CRLF', async () => {
    const whole = await collect([wire]);
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < wire.length; i += size) chunks.push(wire.slice(i, i + size));
      expect(await collect(chunks)).toEqual(whole);
    }
  });

  it('splits multibyte characters across chunks correctly', async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"delta":"héllo ✓"}\n\n');
    const s = new ReadableStream<Uint8Array>({
      start(c) {
        for (const b of bytes) c.enqueue(new Uint8Array([b]));
        c.close();
      },
    });
    const out = [];
    for await (const ev of readStreamEvents(s)) out.push(ev);
    expect(out).toEqual([{ event: 'token', data: { delta: 'héllo ✓' } }]);
  });

  it('joins multi-line data and ignores unknown events and malformed JSON', async () => {
    const parse = createSseParser();
    expect(parse('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
    const events = await collect(['event: ping\ndata: {}\n\nevent: token\ndata: {oops\n\nevent: error\ndata: {"detail":"x"}']);
    expect(events).toEqual([{ event: 'error', data: { detail: 'x' } }]);
  });
});
