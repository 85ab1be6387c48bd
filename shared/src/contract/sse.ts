/**
 * The text/event-stream framing, both ways: the server writes the answer stream with
 * formatSseEvent, the clients read it (and the server reads its LLM's stream) with SseParser.
 */

/** One server-sent event: its `event:` name ('message' when none) and its joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/** One event as it goes on the wire. Data with line breaks becomes several `data:` lines. */
export function formatSseEvent(event: string, data: string): string {
  return `event: ${event}\n${data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`;
}

/** A comment line: keeps an idle connection (and the proxies on its way) from timing out. */
export const SSE_KEEPALIVE = ': ping\n\n';

/**
 * Incremental parser: feed it decoded text in pieces of any size, even split in the middle of a
 * line or of a CRLF; each push returns the events completed so far, end() the one left open.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  push(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const nl = this.buffer.search(/\r\n|\r|\n/);
      if (nl < 0) break;
      // A lone CR at the very end may be the first half of a CRLF: wait for the next piece.
      if (this.buffer[nl] === '\r' && nl === this.buffer.length - 1) break;
      const width = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + width);
      this.line(line, out);
    }
    return out;
  }

  /** The end of the stream: an unterminated last line and event still count. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer) this.line(this.buffer, out);
    this.buffer = '';
    this.line('', out);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') {
      if (this.data.length) out.push({ event: this.event || 'message', data: this.data.join('\n') });
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return; // comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }
}
