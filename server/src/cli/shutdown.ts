/**
 * A signal that follows the first within this long is the same request delivered twice, not a
 * second Ctrl+C: a terminal signals the whole process group, and a wrapper in it (npm, a supervisor)
 * may pass the same signal on to us as well.
 */
export const REPEAT_WINDOW_MS = 2000;

/**
 * Run cleanup once on SIGINT/SIGTERM, then exit. A second signal, later than REPEAT_WINDOW_MS,
 * forces the exit; `onForce` runs first (synchronously: there is no time for more), so what must
 * not outlive this process (a child in a group of its own) is stopped even then.
 */
export function onShutdown(cleanup: () => Promise<void>, onForce: () => void = () => {}): void {
  let firstAt: number | undefined;
  const handler = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < REPEAT_WINDOW_MS) return;
      console.log(`\n${signal} received again, exiting now.`);
      onForce();
      process.exit(130);
    }
    firstAt = Date.now();
    console.log(`\n${signal} received, shutting down…`);
    cleanup().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
