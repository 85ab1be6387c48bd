/**
 * The tenants benchmark's content: the three dev corpora (Python docs, Debian Administrator's
 * Handbook, Git manuals) served by their scripts in ../shared/corpora, crawled once through the real
 * indexing pipeline into a scratch embedded database, and held in memory as pages with their chunks,
 * so that any number of bots can be written from them into either engine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import type { Db } from '../server/src/db/db.js';
import { migrate } from '../server/src/db/migrate.js';
import { openPglite } from '../server/src/db/pglite.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { rebuildTermStats } from '../server/src/db/repositories/termStats.js';
import { runIndexingPipeline } from '../server/src/index/pipeline.js';

export interface CorpusChunk {
  ordinal: number;
  title: string;
  headingPath: string;
  content: string;
}

export interface CorpusPage {
  url: string;
  title: string;
  content: string;
  hash: string;
  anchor: string;
  chunks: CorpusChunk[];
}

export type CorpusName = 'pydocs' | 'debian' | 'git';

const CORPORA = path.resolve('..', 'shared', 'corpora');
const SCRIPTS: Record<CorpusName, string> = {
  pydocs: path.join(CORPORA, 'serve-pydocs.sh'),
  debian: path.join(CORPORA, 'debian-handbook', 'serve.sh'),
  git: path.join(CORPORA, 'git', 'serve.sh'),
};

async function serve(script: string, port: number): Promise<ChildProcess> {
  const child = spawn('bash', [script, String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/index.html`;
  for (
    let i = 0;
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 150) {
      child.kill('SIGTERM');
      throw new Error(`${script} did not start serving (see ../shared/corpora/README.md)`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}

/** Crawl one corpus (served only meanwhile) into a bot of the scratch database. */
async function crawlOne(db: Db, dir: string, name: CorpusName, port: number): Promise<string> {
  const site = await serve(SCRIPTS[name], port);
  try {
    const url = `http://127.0.0.1:${port}/index.html`;
    const config = loadConfig({ DATA_DIR: dir, CRAWL_ALLOW_HOSTS: `127.0.0.1:${port}`, LOG_LEVEL: 'silent' });
    const bot = await insertChatbot(db, { ownerUid: 'bench', name });
    const t = performance.now();
    const r = await runIndexingPipeline({
      db,
      config,
      chatbotId: bot.id,
      taskId: randomUUID(),
      mode: { kind: 'crawl', url, maxDepth: 3, maxPages: 1000 },
    });
    process.stderr.write(`crawled ${name}: ${r.indexed} pages in ${Math.round((performance.now() - t) / 1000)} s\n`);
    return bot.id;
  } finally {
    site.kill('SIGTERM');
  }
}

async function readBot(db: Db, bot: string): Promise<CorpusPage[]> {
  const docs = await db.query<{ id: string; url: string; title: string; content: string; content_hash: string; anchor_text: string }>(
    'SELECT id::text AS id, url, title, content, content_hash, anchor_text FROM documents WHERE chatbot_id = $1 AND live ORDER BY url',
    [bot],
  );
  const chunks = await db.query<{ document_id: string; ordinal: number; title: string; heading_path: string; content: string }>(
    'SELECT document_id::text AS document_id, ordinal, title, heading_path, content FROM chunks WHERE chatbot_id = $1 AND live ORDER BY document_id, ordinal',
    [bot],
  );
  const byDoc = new Map<string, CorpusChunk[]>();
  for (const c of chunks) {
    const list = byDoc.get(c.document_id) ?? [];
    list.push({ ordinal: c.ordinal, title: c.title, headingPath: c.heading_path, content: c.content });
    byDoc.set(c.document_id, list);
  }
  return docs.map((d) => ({
    url: d.url,
    title: d.title,
    content: d.content,
    hash: d.content_hash,
    anchor: d.anchor_text,
    chunks: byDoc.get(d.id) ?? [],
  }));
}

/** Crawl the three corpora and return their live pages; the scratch database is removed. */
export async function crawlCorpora(): Promise<Record<CorpusName, CorpusPage[]>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-tenants-'));
  const db = await openPglite(path.join(dir, 'pglite'));
  try {
    await migrate(db);
    const base = 40_000 + Math.floor(Math.random() * 2_000);
    const out = {} as Record<CorpusName, CorpusPage[]>;
    for (const [i, name] of (['pydocs', 'debian', 'git'] as const).entries())
      out[name] = await readBot(db, await crawlOne(db, dir, name, base + i));
    return out;
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A new bot; its pages are written with writePages. */
export const newBot = async (db: Db, name: string): Promise<string> => (await insertChatbot(db, { ownerUid: 'bench', name })).id;

/**
 * Write pages (and their chunks) into a bot, as one crawl batch does. `tag` makes the URLs the
 * bot's own, so two bots holding the same page do not share a URL.
 */
export async function writePages(db: Db, bot: string, pages: CorpusPage[], tag: string): Promise<number> {
  if (pages.length === 0) return 0;
  const ids = pages.map(() => randomUUID());
  const urls = pages.map((p) => `${p.url}#${tag}`);
  await db.query(
    `INSERT INTO documents (id, chatbot_id, url, title, content, content_hash, anchor_text)
     SELECT d.id, $1, d.url, d.title, d.content, d.hash, d.anchor
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS d(id, url, title, content, hash, anchor)`,
    [bot, ids, urls, pages.map((p) => p.title), pages.map((p) => p.content), pages.map((p) => p.hash), pages.map((p) => p.anchor)],
  );
  const rows = pages.flatMap((p, i) => p.chunks.map((c) => ({ ...c, doc: ids[i]!, url: urls[i]! })));
  await db.query(
    `INSERT INTO chunks (document_id, chatbot_id, ordinal, url, title, heading_path, content)
     SELECT c.doc, $1, c.ord, c.url, c.title, c.path, c.content
       FROM unnest($2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS c(doc, ord, url, title, path, content)`,
    [
      bot,
      rows.map((r) => r.doc),
      rows.map((r) => r.ordinal),
      rows.map((r) => r.url),
      rows.map((r) => r.title),
      rows.map((r) => r.headingPath),
      rows.map((r) => r.content),
    ],
  );
  return rows.length;
}

/** Pages in batches of about `size` chunks (a crawl writes a few pages per transaction). */
export function batches(pages: CorpusPage[], size = 400): CorpusPage[][] {
  const out: CorpusPage[][] = [];
  let current: CorpusPage[] = [];
  let n = 0;
  for (const p of pages) {
    current.push(p);
    n += p.chunks.length;
    if (n >= size) {
      out.push(current);
      current = [];
      n = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Written by SQL rather than by the indexer: count the bot's term statistics. */
export const countBot = (db: Db, bot: string): Promise<void> => rebuildTermStats(db, bot);
