import { describe, expect, it } from 'vitest';
import { bodyDecoder, decodeBody } from '../../src/crawl/charset.js';

/** A body decoded chunk by chunk as it arrives (responseBody.ts) reads exactly as decoded whole. */
function inChunks(bytes: Buffer, contentType: string, size: number): string {
  const decoder = bodyDecoder(contentType);
  for (let i = 0; i < bytes.length; i += size) decoder.write(bytes.subarray(i, i + size));
  return decoder.end();
}

describe('decoding a body as it arrives', () => {
  it('keeps a character split between two chunks whole', () => {
    const page = Buffer.from(`<p>${'café naïve € 日本語 '.repeat(400)}</p>`, 'utf8');
    for (const size of [1, 2, 3, 7, 1000, 4096]) expect(inChunks(page, 'text/html; charset=utf-8', size)).toBe(page.toString('utf8'));
  });

  it('finds a <meta charset> that arrives over several small chunks, as in one piece', () => {
    const page = Buffer.concat([Buffer.from('<html><head><meta charset="windows-1252"><title>Caf'), Buffer.from([0xe9, 0x20, 0x80, 0x93])]);
    const whole = decodeBody(page, 'text/html');
    expect(whole).toContain('Café €“');
    expect(inChunks(page, 'text/html', 5)).toBe(whole);
  });

  it('reads the byte-order mark and the Content-Type charset the same way', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>Grüße</p>'.repeat(300), 'utf16le')]);
    expect(inChunks(utf16, 'text/html', 3)).toBe('<p>Grüße</p>'.repeat(300));
    const latin = Buffer.from(`<p>${'déjà vu '.repeat(500)}</p>`, 'latin1');
    expect(inChunks(latin, 'text/html; charset=iso-8859-1', 64)).toBe(latin.toString('latin1'));
  });
});
