import type { Unit } from './sentences.js';

/** A sentence's words, as the quote's word budget counts them (code and tables count none). */
export const wordCount = (u: Unit): number => (u.kind === 'sentence' ? u.plain.split(/\s+/).length : 0);

/** A code block or a table: a quote holds a few of them at most. */
export const isBlock = (u: Unit): boolean => u.kind !== 'sentence';

/**
 * A sentence that announces what follows it: "… like so:", "run:"; or, right before a code block or
 * table of its section, one with no closing stop, which the block goes on with: a table's caption
 * ("Liste von XML-Werkzeugen", "Relación de los archivos de configuración de SSH") or a sentence
 * that ends in its code ("you can set the default timeout for all sockets using").
 */
export const announces = (u: Unit | undefined, next?: Unit): boolean =>
  u?.kind === 'sentence' &&
  (/:\s*$/.test(u.plain) ||
    (next !== undefined && isBlock(next) && next.heading === u.heading && u.item === undefined && !/[.!?;…]["'’”»)\]]*\s*$/.test(u.plain)));
