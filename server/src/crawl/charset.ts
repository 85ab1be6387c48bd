/**
 * Bytes → text with the page's declared encoding: the Content-Type charset, then a byte-order
 * mark, then a <meta charset> / XML declaration in the first 2 KB, else UTF-8. Unknown labels
 * fall back to UTF-8 (never throw on a hostile label).
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const decoder = bodyDecoder(contentType);
  decoder.write(bytes);
  return decoder.end();
}

const SNIFF_BYTES = 2048;

/**
 * decodeBody as the body arrives (responseBody.ts): the first 2 KB are held until the encoding is
 * known, then every chunk is decoded as it comes, so no single step on the event loop decodes more
 * than one chunk, however large CRAWL_MAX_BYTES is.
 */
export function bodyDecoder(contentType: string): { write(chunk: Uint8Array): void; end(): string } {
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let decode: ((bytes: Uint8Array, last: boolean) => string) | undefined;
  const parts: string[] = [];
  const start = () => {
    const first = Buffer.concat(head);
    head = [];
    decode = chunkDecoder(bomLabel(first) ?? charsetParam(contentType) ?? sniffDeclared(first) ?? 'utf-8');
    parts.push(decode(first, false));
  };
  return {
    write(chunk) {
      if (decode) return void parts.push(decode(chunk, false));
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= SNIFF_BYTES) start();
    },
    end() {
      if (!decode) start();
      parts.push(decode!(new Uint8Array(0), true));
      return parts.join('');
    },
  };
}

function chunkDecoder(label: string): (bytes: Uint8Array, last: boolean) => string {
  const name = label.trim().toLowerCase();
  if (WINDOWS_1252_LABELS.has(name)) return decodeWindows1252; // one byte per character: no state between chunks
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(name);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // `stream` keeps a character split between two chunks for the next one.
  return (bytes, last) => decoder.decode(bytes, { stream: !last });
}

// WHATWG maps all of these to windows-1252, but Node 20's TextDecoder decodes them as ISO-8859-1
// (0x80–0x9F become C1 controls instead of € ‘ ’ “ ” — …), so the table is applied here.
const WINDOWS_1252_LABELS = new Set([
  'ansi_x3.4-1968',
  'ascii',
  'cp1252',
  'cp819',
  'csisolatin1',
  'ibm819',
  'iso-8859-1',
  'iso-ir-100',
  'iso8859-1',
  'iso88591',
  'iso_8859-1',
  'iso_8859-1:1987',
  'l1',
  'latin1',
  'us-ascii',
  'windows-1252',
  'x-cp1252',
]);
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const CP1252_UNITS = Uint16Array.from({ length: 256 }, (_, b) => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH.charCodeAt(b - 0x80) : b));

/**
 * One pass through a table into UTF-16 code units. A replace() with a callback per 0x80–0x9F byte
 * held the event loop 1.2 s on a 5 MB page of them (a hostile page declares windows-1252 for that).
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) units[i] = CP1252_UNITS[bytes[i]!]!;
  // Uint16Array is little-endian on every platform Node runs on.
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le');
}

function bomLabel(b: Uint8Array): string | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  return undefined;
}

export function charsetParam(contentType: string): string | undefined {
  const m = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
  return m?.[1];
}

function sniffDeclared(bytes: Uint8Array): string | undefined {
  // latin1 maps bytes 1:1, so ASCII declarations are readable whatever the real encoding is.
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  // Tag by tag: as one pattern (`<meta[^>]+charset…`) the search backtracked with the cube of the head.
  return (
    declaredIn(head, /<meta/gi, /charset\s*=\s*["']?\s*([\w.:-]+)/i) ?? declaredIn(head, /<\?xml/gi, /encoding\s*=\s*["']([\w.:-]+)["']/i)
  );
}

/** The first declaration found inside one of the tags `open` finds (each read up to its `>`). */
function declaredIn(head: string, open: RegExp, declaration: RegExp): string | undefined {
  for (const tag of head.matchAll(open)) {
    const end = head.indexOf('>', tag.index);
    const found = declaration.exec(head.slice(tag.index + tag[0].length, end < 0 ? head.length : end));
    if (found) return found[1];
  }
  return undefined;
}
