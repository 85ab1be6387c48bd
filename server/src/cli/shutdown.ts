/** Run cleanup once on SIGINT/SIGTERM, then exit; a second signal forces the exit. */
export function onShutdown(cleanup: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.exit(130);
    }
    stopping = true;
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
