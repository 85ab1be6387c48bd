/**
 * A task's vocabulary: the values the server stores in the tasks table and every client reads back.
 * Types only; the Task the API sends is in api/types.ts.
 */
export type TaskStatus = 'queued' | 'pending' | 'running' | 'completed' | 'failed';
/** index_page: one source added or re-indexed on the detail page (the rest of the content stays). */
export type TaskType = 'crawl_and_index' | 'index_urls' | 'crawl' | 'index_page';

export interface TaskProgress {
  discovered: number;
  fetched: number;
  indexed: number;
  failed: number;
  skipped: number;
  /** A re-crawl's pages compared with the live content (absent on a first crawl). */
  new?: number;
  changed?: number;
  unchanged?: number;
  removed?: number;
}
