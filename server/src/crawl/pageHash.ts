import { createHash } from 'node:crypto';

/**
 * What a page becomes in the index: the version of the page writer's Markdown and the chunker's
 * cuts. Bump it when either changes what a page is made into (2: code and tables cut between chunks
 * keep their fences and header, a table's header and body are one table; 3: an FAQ's questions head
 * their answers' chunks). A refresh then rebuilds every page made by an earlier version once,
 * instead of keeping it as unchanged.
 */
export const INDEX_FORMAT = '3';

/** A page's content hash, tagged with the format that made it: `3:` + sha256 of its text. */
export const pageHash = (text: string): string => `${INDEX_FORMAT}:${createHash('sha256').update(text).digest('hex')}`;

/** Whether a stored page was made by this version (an older one is re-downloaded and rebuilt). */
export const madeByThisFormat = (hash: string): boolean => hash.startsWith(`${INDEX_FORMAT}:`);
