import { SseParser as EventParser } from '../../../shared/src/contract/sse.js';

/**
 * The Chat Completions streaming wire format is SSE whose events carry only `data:` (a JSON chunk,
 * or `[DONE]`): the shared parser (shared/src/contract/sse.ts), reduced to those payloads.
 */
export class SseParser {
  private readonly events = new EventParser();

  /** The data payloads of the events completed by this piece of text. */
  push(text: string): string[] {
    return this.events.push(text).map((e) => e.data);
  }

  /** Flush an event left unterminated at end of stream. */
  end(): string[] {
    return this.events.end().map((e) => e.data);
  }
}
