/**
 * Database failures as the rest of the server sees them: the engine's error without the values
 * that were sent. Drivers attach them for debugging (PGlite the query parameters, PostgreSQL a
 * `detail` holding the failing row or key), and logging such an error would write visitor ids,
 * questions and prompts to the log. What stays is enough to diagnose: SQLSTATE code, severity,
 * constraint, table, column, routine and the message (its quoted input value redacted).
 */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  code?: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

const KEPT = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;
/** The fields of an engine error that are kept (and may cross a thread). */
export type KeptErrorFields = Partial<Record<(typeof KEPT)[number], string>>;

/** The same failure without parameters or row contents; errors that are not the engine's pass through. */
export function safeDbError(err: unknown): unknown {
  if (!(err instanceof Error) || !('severity' in err) || err instanceof DatabaseError) return err;
  const source = err as Error & Partial<Record<(typeof KEPT)[number], string>>;
  // Data exceptions (class 22) quote the offending input: `invalid input syntax for type uuid: "…"`.
  const message = source.code?.startsWith('22') ? source.message.replace(/: ".*"$/s, ': "[redacted]"') : source.message;
  const safe = new DatabaseError(message);
  for (const key of KEPT) if (typeof source[key] === 'string') safe[key] = source[key];
  // The driver's call site, which is where to look; its first line repeated the unredacted message.
  const frames = (source.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  safe.stack = [`DatabaseError: ${message}`, ...frames].join('\n');
  return safe;
}

/** Run a query and rethrow its failure without the values it carried. */
export async function withSafeErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw safeDbError(err);
  }
}
