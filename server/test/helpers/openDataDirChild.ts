/** A second process opening DATA_DIR the way the server does: prints "opened" or the error it got. */
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/open.js';

try {
  const db = await openDatabase(loadConfig(process.env));
  process.stdout.write('opened\n');
  await db.close();
} catch (err) {
  process.stdout.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
