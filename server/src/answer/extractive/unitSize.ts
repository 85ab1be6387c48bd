import type { Unit } from './sentences.js';

/** A sentence's words, as the quote's word budget counts them (code and tables count none). */
export const wordCount = (u: Unit): number => (u.kind === 'sentence' ? u.plain.split(/\s+/).length : 0);

/** A code block or a table: a quote holds a few of them at most. */
export const isBlock = (u: Unit): boolean => u.kind !== 'sentence';

/** A sentence that announces what follows it ("… like so:", "run:"). */
export const announces = (u: Unit | undefined): boolean => u?.kind === 'sentence' && /:\s*$/.test(u.plain);
