import type { Db } from '../db/db.js';
import { backgroundTurn, foregroundQuietMs } from '../db/foregroundFirst.js';
import { insertDocuments, replaceDocumentContent, type NewDocument } from '../db/repositories/documents.js';
import type { EmbeddablePassage } from '../embeddings/passageText.js';
import type { EmbeddingProvider } from '../embeddings/provider.js';
import { textToEmbed } from '../embeddings/shared.js';
import type { VectorStore } from '../embeddings/store.js';
import type { PdfPageText } from '../crawl/pdf.js';
import type { MarkdownChunker } from './chunker.js';
import { pdfChunks } from './pdfChunks.js';

export interface IndexablePage {
  url: string;
  title: string;
  markdown: string;
  contentHash: string;
  etag?: string;
  lastModified?: string;
  links?: string[];
  /** A PDF's text by page: chunked page by page, each chunk citing its page (pdfChunks.ts). */
  pdfPages?: PdfPageText[];
  /** The language the page declares; the writer reads it beside the text (language/botLanguage.ts). */
  declaredLanguage?: string;
}

export interface IndexerOptions {
  chatbotId: string;
  taskId: string;
  /** Write rows live at once (bot without content) or staged for a swap. */
  live: boolean;
  chunker: MarkdownChunker;
  /** Vectors for the semantic leg, when a provider is configured. */
  embeddings?: { provider: EmbeddingProvider; store: VectorStore };
  /** Chunks per batch, fixed (default: batchChunks(), by whether visitors are about). */
  batchChunks?: number;
  signal?: AbortSignal;
  onEmbeddingError?(err: unknown): void;
}

/**
 * Buffers pages and writes them in small transactions, yielding to the event loop between
 * them so chat requests stay responsive during a crawl. Writes are serialised (one in flight).
 */
const MAX_QUEUED_BATCHES = 4;

/** Chunks per batch while visitors are about: on PGlite a question waits behind one statement of the batch at most. */
export const BATCH_CHUNKS = 60;
/**
 * Chunks per batch when no foreground statement (a visitor's, the dashboard's) has run on PGlite for
 * QUIET_MS, or ever (PostgreSQL, where a batch is a transaction no other session waits for): each
 * statement's fixed cost (parse, plan, commit, the trip to the database thread) is paid a quarter as
 * often. The generated 1,000-page site's index writes took 17-20% less time and CPU than at 60
 * (bench/README.md); a statement then takes about four times as long, which only a question
 * arriving after a quiet spell can meet (the batches after it are small again).
 */
export const QUIET_BATCH_CHUNKS = 240;
export const QUIET_MS = 2_000;

/** The batch size for now: larger while no visitor is being answered. */
export const batchChunks = (): number => (foregroundQuietMs() >= QUIET_MS ? QUIET_BATCH_CHUNKS : BATCH_CHUNKS);

export class Indexer {
  private buffer: NewDocument[] = [];
  private bufferedChunks = 0;
  private writing: Promise<void> = Promise.resolve();
  private embeddingsOff = false;
  /** Embedding runs beside the writes (its own chain), so a slow model never holds up fetching. */
  private embedding: Promise<void> = Promise.resolve();
  private queuedBatches = 0;
  indexed = 0;
  chunks = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: IndexerOptions,
  ) {}

  /**
   * Chunk a page and queue it. Writes run in the background so fetching and extraction go on
   * meanwhile; the caller only waits when several batches are already queued (backpressure).
   */
  async add(page: IndexablePage): Promise<void> {
    const chunks = page.pdfPages
      ? pdfChunks(this.opts.chunker, page.title, page.url, page.pdfPages)
      : this.opts.chunker
          .chunk(page.title, page.markdown)
          .map((c) => ({ ordinal: c.ordinal, headingPath: c.headingPath, content: c.content }));
    if (chunks.length === 0) return;
    this.buffer.push({
      url: page.url,
      title: page.title,
      content: page.markdown,
      contentHash: page.contentHash,
      chunks,
      etag: page.etag,
      lastModified: page.lastModified,
      links: page.links,
      declaredLanguage: page.declaredLanguage,
    });
    this.bufferedChunks += chunks.length;
    if (this.bufferedChunks < (this.opts.batchChunks ?? batchChunks())) return;
    const written = this.flush();
    if (this.queuedBatches > MAX_QUEUED_BATCHES) await written;
  }

  /** Write whatever is buffered. */
  flush(): Promise<void> {
    const docs = this.buffer;
    this.buffer = [];
    this.bufferedChunks = 0;
    if (docs.length === 0) return this.writing;
    this.queuedBatches++;
    const next = this.writing.then(() => this.write(docs)).finally(() => this.queuedBatches--);
    // Marked handled here; the error still reaches whoever awaits this or the final flush.
    next.catch(() => {});
    this.writing = next;
    return next;
  }

  /** Re-chunk and rewrite a document already written (after everything queued is written). */
  async replace(documentId: string, page: IndexablePage): Promise<void> {
    await this.flush();
    const chunks = this.opts.chunker
      .chunk(page.title, page.markdown)
      .map((c) => ({ ordinal: c.ordinal, headingPath: c.headingPath, content: c.content }));
    const { removed, chunkIds: ids } = await replaceDocumentContent(this.db, documentId, page.markdown, chunks);
    this.chunks += ids.length - removed;
    await yieldToEventLoop();
    this.queueEmbedding(
      ids,
      chunks.map((c) => ({ title: page.title, headingPath: c.headingPath, content: c.content })),
    );
  }

  /** Everything queued is written and embedded (embedding failures only turn embedding off). */
  async settled(): Promise<void> {
    await this.flush();
    await this.embedding;
  }

  private async write(docs: NewDocument[]): Promise<void> {
    const written = await insertDocuments(this.db, this.opts.chatbotId, this.opts.taskId, this.opts.live, docs);
    this.indexed += docs.length;
    this.chunks += written.reduce((n, d) => n + d.chunkIds.length, 0);
    await yieldToEventLoop();
    this.queueEmbedding(
      written.flatMap((d) => d.chunkIds),
      docs.flatMap((d) => d.chunks.map((c) => ({ title: d.title, headingPath: c.headingPath, content: c.content }))),
    );
  }

  private queueEmbedding(ids: string[], passages: EmbeddablePassage[]): void {
    if (!this.opts.embeddings || ids.length === 0) return;
    this.embedding = this.embedding.then(() => this.embed(ids, passages));
  }

  private async embed(ids: string[], passages: EmbeddablePassage[]): Promise<void> {
    const e = this.opts.embeddings;
    if (!e || this.embeddingsOff || this.opts.signal?.aborted) return;
    try {
      await backgroundTurn(); // the model's thread takes a core: visitors' answers first
      const vectors = await e.provider.embed(
        passages.map((p) => textToEmbed(e.provider, p)),
        'passage',
        this.opts.signal,
      );
      await e.store.insert(this.db, this.opts.chatbotId, e.provider.model, ids, vectors);
      await yieldToEventLoop();
    } catch (err) {
      // Vectors are an extra: a failing provider must not fail the crawl (the backfill retries later).
      this.embeddingsOff = true;
      if (!this.opts.signal?.aborted) this.opts.onEmbeddingError?.(err);
    }
  }
}

export const yieldToEventLoop = () => new Promise<void>((r) => setImmediate(r));
