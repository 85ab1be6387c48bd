import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readQuestions } from '../../../eval/evaluate.js';
import { containsKeyword } from '../../../eval/scoring.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const site = path.join(repo, 'demo', 'site');

/** A page's visible text: head, scripts and styles dropped, tags stripped, entities decoded. */
function visibleText(file: string): string {
  return readFileSync(path.join(site, file), 'utf8')
    .replace(/<head[\s\S]*?<\/head>|<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

describe("the sample site's question sets (eval/dev/sample-*.jsonl), checked against demo/site", () => {
  const qa = readQuestions([{ file: path.join(repo, 'eval', 'dev', 'sample-qa.jsonl'), set: 'sample-qa' }], true).map((x) => x.item);
  const unanswerable = readQuestions(
    [{ file: path.join(repo, 'eval', 'dev', 'sample-unanswerable.jsonl'), set: 'sample-unanswerable' }],
    false,
  ).map((x) => x.item);
  const pages = new Set(readdirSync(site).filter((f) => f.endsWith('.html')));

  it('has at least 25 answerable questions and 8 unanswerable ones', () => {
    expect(qa.length).toBeGreaterThanOrEqual(25);
    expect(unanswerable.length).toBeGreaterThanOrEqual(8);
  });

  it('expects pages that exist, and 1 to 3 keywords that are on the first expected page', () => {
    for (const q of qa) {
      for (const p of q.expected_pages!) expect(pages.has(p), `${q.id}: ${p}`).toBe(true);
      expect(q.answer_keywords!.length, q.id).toBeGreaterThanOrEqual(1);
      expect(q.answer_keywords!.length, q.id).toBeLessThanOrEqual(3);
      const text = visibleText(q.expected_pages![0]!);
      for (const k of q.answer_keywords!) expect(containsKeyword(text, k), `${q.id}: "${k}" on ${q.expected_pages![0]}`).toBe(true);
    }
  });

  it('has short questions of 3 to 6 words', () => {
    expect(qa.filter((q) => q.question.split(/\s+/).length <= 6).length).toBeGreaterThanOrEqual(4);
  });

  it('asks unanswerable questions whose subject the site never names', () => {
    const all = [...pages].map(visibleText).join(' ').toLowerCase();
    for (const probe of ['wordpress', 'disqus', 'katex', 'analytics', 'azure', 'banana', 'password', 'keyboard shortcut', 'hosting plan']) {
      expect(all.includes(probe), probe).toBe(false);
    }
  });
});
