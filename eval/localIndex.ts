import { randomUUID, createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import type { Db } from '../server/src/db/db.js';
import { rebuildTermStats } from '../server/src/db/repositories/termStats.js';

/**
 * A stand-in indexer for developing retrieval offline: reads a folder of HTML files straight from
 * disk into documents + chunks of one bot. The product's crawler (POST /crawl-and-index) is what the
 * eval normally uses; this exists so answer quality can be worked on without it (`--local-dir`).
 */
export async function indexLocalDir(db: Db, chatbotId: string, dir: string, baseUrl: string): Promise<number> {
  const files = (await walk(dir)).filter((f) => f.endsWith('.html'));
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  let pages = 0;
  for (const file of files) {
    const rel = path.relative(dir, file).split(path.sep).join('/');
    if (/^(genindex|py-modindex|search|contents)/.test(rel)) continue; // link farms, not content
    const html = await readFile(file, 'utf8');
    const { document } = parseHTML(html);
    const title = (document.querySelector('title')?.textContent ?? rel).trim();
    const main = document.querySelector('[role=main]') ?? document.querySelector('main') ?? document.body;
    if (!main) continue;
    main.querySelectorAll('a.headerlink, script, style, nav').forEach((el: Element) => el.remove());
    main.querySelectorAll('pre').forEach((pre: Element) => {
      const code = document.createElement('code');
      code.textContent = pre.textContent ?? '';
      pre.textContent = '';
      pre.appendChild(code);
    });
    const markdown = turndown.turndown(main.innerHTML);
    const chunks = chunkMarkdown(markdown);
    const url = `${baseUrl.replace(/\/$/, '')}/${rel}`;
    const docId = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO documents (id, chatbot_id, url, title, content, content_hash) VALUES ($1,$2,$3,$4,$5,$6)',
        [docId, chatbotId, url, title, markdown, createHash('sha256').update(markdown).digest('hex')],
      );
      for (const [i, c] of chunks.entries()) {
        await tx.query(
          'INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content) VALUES ($1,$2,$3,$4,$5,$6,$7)',
          [docId, chatbotId, i, url, title, c.headingPath, c.content],
        );
      }
    });
    pages++;
  }
  // Written here rather than by the indexer: count the bot's term statistics afresh.
  await rebuildTermStats(db, chatbotId);
  return pages;
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('_')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

/** Heading-aware chunks of about `target` characters; code fences are never split. */
export function chunkMarkdown(markdown: string, target = 1000): { headingPath: string; content: string }[] {
  const out: { headingPath: string; content: string }[] = [];
  const headings: string[] = [];
  let buf: string[] = [];
  let size = 0;
  const flush = () => {
    const content = buf.join('\n\n').trim();
    if (content) out.push({ headingPath: headings.filter(Boolean).join(' > '), content });
    buf = [];
    size = 0;
  };
  for (const block of splitBlocks(markdown)) {
    const h = /^(#{1,6})\s+(.*)$/.exec(block.trim());
    if (h && !block.trim().includes('\n')) {
      flush();
      const level = h[1]!.length;
      headings.length = level - 1;
      headings[level - 1] = h[2]!.replace(/[¶#]/g, '').trim();
      continue;
    }
    if (size + block.length > target && size > 0) flush();
    buf.push(block);
    size += block.length;
  }
  flush();
  return out;
}

/** Paragraph blocks split on blank lines, keeping fenced code blocks whole. */
function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let cur: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === '') {
      if (cur.length) blocks.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) blocks.push(cur.join('\n'));
  return blocks;
}
