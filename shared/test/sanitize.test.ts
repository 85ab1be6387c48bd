// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/markdown';

/** Sanitized HTML must come out of a second parse unchanged (no mutation XSS through serialisation). */
function stable(html: string): string {
  const out = sanitizeHtml(html);
  const div = document.createElement('div');
  div.innerHTML = out;
  expect(div.innerHTML).toBe(out);
  return out;
}

describe('sanitizeHtml', () => {
  it.each([
    ['<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">'],
    ['<svg></p><style><a id="</style><img src=1 onerror=window.__pwned=1>">'],
    ['<math><mi><table><mi><style></p><img src=x onerror=window.__pwned=1>'],
    ['<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__pwned=1>'],
    ['<!--><img src=x onerror=window.__pwned=1>-->'],
    ['<textarea></textarea><img src=x onerror=window.__pwned=1></textarea>'],
    ['<template><img src=x onerror=window.__pwned=1></template>'],
    ['<a href="&#106;avascript:window.__pwned=1">x</a>'],
    ['<div onclick="window.__pwned=1" onmouseover=x>hi</div>'],
    ['<base href="javascript:/"><a href="x">y</a>'],
    ['<meta http-equiv="refresh" content="0;url=javascript:1">'],
  ])('leaves nothing active in %s, and the result parses back to itself', (payload) => {
    const out = stable(payload);
    expect(out).not.toMatch(/<img|<script|<style|<svg|<math|<base|<meta|\son\w+=|javascript:/i);
  });

  it('drops id and name, so an answer cannot shadow page globals (DOM clobbering)', () => {
    const out = stable('<p id="docentConfig" name="x">a</p><a id="location" href="/x">b</a>');
    expect(out).toBe('<p>a</p><a href="/x" target="_blank" rel="noopener noreferrer">b</a>');
  });

  it('keeps the text of unknown or forbidden wrappers, but not the code inside scripts', () => {
    expect(stable('<custom-tag><button>Press</button> me</custom-tag><script>alert(1)</script>')).toBe('Press me');
  });

  it('unwraps SVG and MathML to their text, dropping their scripts, styles and links', () => {
    const out = stable(
      '<svg><a href="javascript:alert(1)"><text>label</text></a><style>*{}</style><script>alert(1)</script></svg><math><mi>x</mi></math>',
    );
    expect(out).toBe('labelx');
  });

  it('keeps tables, lists and inline formatting with their harmless attributes', () => {
    const html =
      '<table><tbody><tr><td colspan="2" align="left">c</td></tr></tbody></table><ol start="3"><li>x</li></ol><details open=""><summary>s</summary>d</details>';
    expect(stable(html)).toBe(html);
  });

  it('unwraps deeply nested unknown elements down to their text', () => {
    // (Browsers cap parser depth at a few hundred; the sanitizer itself walks with a stack, not recursion.)
    const deep = '<x-a><div>'.repeat(300) + 'bottom' + '</div></x-a>'.repeat(300);
    const out = sanitizeHtml(deep);
    expect(out).toContain('bottom');
    expect(out).not.toContain('x-a');
  });
});
