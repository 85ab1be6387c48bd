import { SseParser, type SseEvent } from '../contract/sse';
import type { StreamEvent } from './types';

/** One raw server-sent event: its `event:` name (default 'message') and joined `data:` lines. */
export type RawSseEvent = SseEvent;

/** An incremental SSE parser as a function: feed it text, get the events completed so far. */
export function createSseParser(): (chunk: string) => RawSseEvent[] {
  const parser = new SseParser();
  return (chunk) => parser.push(chunk);
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
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const raws = done ? [...parser.push(decoder.decode()), ...parser.end()] : parser.push(decoder.decode(value, { stream: true }));
      for (const raw of raws) {
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
