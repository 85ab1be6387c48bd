import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The auth emulator keeps its users in memory and, by itself, writes them out only on a clean exit:
 * after a crash (kill -9, power loss) every account created since the last clean stop would be
 * gone, the owner would get a new uid on the next sign-in and their bots (keyed by uid) would be
 * unreachable. So Docent saves the users itself, in the emulator's own export layout (read back with
 * `--import`): whenever the API meets a uid for the first time in a run, before that request
 * can write anything under it, and on every stop. Any bot therefore has its owner on disk.
 *
 * We save rather than re-key owners by e-mail because a uid is what Firebase (and production) uses
 * as the owner's identity; keeping the same uid keeps one owner model in both modes.
 * Each file is replaced atomically (write, fsync, rename), so a crash mid-save leaves the previous
 * copy, never a torn one; the firebase-tools exporter deletes the whole folder before moving the
 * new one in, which is why it is not used.
 */
export interface EmulatorUsers {
  /** Copy the emulator's current users to disk; concurrent calls share one save (plus one rerun). */
  save(): Promise<void>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const METADATA = 'firebase-export-metadata.json';

/** Whether `exportDir` holds saved users to import at start. */
export const hasSavedUsers = (exportDir: string): boolean => existsSync(path.join(exportDir, METADATA));

export function emulatorUsers(host: string, projectId: string, exportDir: string): EmulatorUsers {
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  return {
    save() {
      // A save already under way may have read the users before the caller's account existed: queue
      // exactly one more behind it, shared by everyone who asks meanwhile.
      if (!running) return (running = saveOnce(host, projectId, exportDir).finally(() => (running = undefined)));
      again ??= running
        .catch(() => {})
        .then(() => {
          again = undefined;
          return this.save();
        });
      return again;
    },
  };
}

async function saveOnce(host: string, projectId: string, exportDir: string): Promise<void> {
  const get = async (route: string): Promise<string> => {
    // eslint-disable-next-line no-restricted-globals -- reads our own loopback auth emulator (dev sign-in), not an outside host
    const res = await fetch(`http://${host}${route}`, { headers: { authorization: 'Bearer owner' }, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`auth emulator answered ${res.status} to ${route}`);
    return res.text();
  };
  const accounts = await get(`/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`);
  const config = await get(`/emulator/v1/projects/${projectId}/config`);
  const authDir = path.join(exportDir, 'auth_export');
  mkdirSync(authDir, { recursive: true });
  writeAtomic(path.join(authDir, 'accounts.json'), accounts);
  writeAtomic(path.join(authDir, 'config.json'), config);
  // Written last: its presence is what makes the next start import the folder.
  if (!hasSavedUsers(exportDir))
    writeAtomic(
      path.join(exportDir, METADATA),
      JSON.stringify({ version: firebaseToolsVersion(), auth: { version: firebaseToolsVersion(), path: 'auth_export' } }),
    );
}

function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

let version: string | undefined;
function firebaseToolsVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/firebase-tools/package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}
