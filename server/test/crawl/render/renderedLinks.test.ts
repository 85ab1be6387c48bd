import { mkdtempSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium, RenderUnavailableError } from '../../../src/crawl/render/findChromium.js';
import { renderedLinks } from '../../../src/crawl/render/renderedLinks.js';

describe('renderedLinks', () => {
  it('keeps distinct http(s) links, hash routes folded into their page, the page itself left out', () => {
    const page = 'http://site.test/app/';
    const raw = [
      'http://site.test/app/about',
      'http://site.test/app/about#team',
      'http://site.test/app/#/pricing',
      'mailto:team@site.test',
      'javascript:void(0)',
      'https://other.test/docs?utm_source=app',
      '/app/contact',
    ];
    expect(renderedLinks(raw, page)).toEqual(['http://site.test/app/about', 'https://other.test/docs', 'http://site.test/app/contact']);
  });
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when it is an executable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chromium-'));
    const exe = path.join(dir, 'chrome');
    writeFileSync(exe, '#!/bin/sh\n');
    chmodSync(exe, 0o755);
    expect(findChromium({ CHROMIUM_PATH: exe })).toBe(exe);
  });

  it('names CHROMIUM_PATH when the one set is not there', () => {
    expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(RenderUnavailableError);
    expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(/CHROMIUM_PATH \(\/nowhere\/chromium\)/);
  });
});
