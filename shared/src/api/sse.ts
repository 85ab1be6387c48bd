import type { StreamEvent } from './types';

/** One raw server-sent event: its `event:` name (default 'message') and joined `data:` lines. */
export interface RawSseEvent {
  event: string;
  data: string;
}

/**
 * Incremental SSE parser (the text/event-stream format): feed it decoded text in chunks of any
 * size, even split in the middle of a line or of a CRLF, and it returns the events completed so far.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  return (chunk: string): RawSseEvent[] => {
    buffer += chunk;
    const out: RawSseEvent[] = [];
    for (;;) {
      const nl = buffer.search(/\r\n|\r|\n/);
      if (nl < 0) break;
      // A lone CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (buffer[nl] === '\r' && nl === buffer.length - 1) break;
      const width = buffer[nl] === '\r' && buffer[nl + 1] === '\n' ? 2 : 1;
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + width);
      if (line === '') {
        if (data.length) out.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue; // comment / keep-alive
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return out;
  };
}

const KNOWN = new Set(['token', 'sources', 'done', 'error']);

/** Turns a raw event into a typed StreamEvent, or null for unknown names and malformed JSON. */
export function toStreamEvent(raw: RawSseEvent): StreamEvent | null {
  if (!KNOWN.has(raw.event)) return null;
  try {
    const data = JSON.parse(raw.data) as unknown;
    if (!data || typeof data !== 'object') return null;
    return { event: raw.event, data } as StreamEvent;
  } catch {
    return null;
  }
}

/** Reads a fetch body as text/event-stream and yields the typed events in order. */
export async function* readStreamEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parse = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() + '\n\n' : decoder.decode(value, { stream: true });
      for (const raw of parse(text)) {
        const ev = toStreamEvent(raw);
        if (ev) yield ev;
      }
      if (done) return;
    }
  } finally {
    // Stops the download when the consumer leaves early (abort, unmount); harmless after the end.
    reader.cancel().catch(() => {});
  }
}
