/**
 * `npm start`: the whole product on one machine with nothing else installed: the Firebase Auth
 * Emulator, the API on embedded PGlite (or DATABASE_URL), the in-process worker and the built front ends.
 */
import { emulatorExposureError, loadConfig } from '../config.js';
import { lockDataDir } from '../db/dataDirLock.js';
import type { Db } from '../db/db.js';
import { openDatabase } from '../db/open.js';
import type { Running } from '../main.js';
import { startAuthEmulator, type AuthEmulator } from './authEmulator.js';
import { onShutdown } from './shutdown.js';

const base = loadConfig();
// A real Firebase web config means production auth; otherwise the emulator runs alongside.
const wantsEmulator = !base.FIREBASE_API_KEY && !base.FIREBASE_AUTH_EMULATOR_HOST;

// Refuse before starting anything: emulator tokens are unsigned, so they must not face a network.
const exposure =
  wantsEmulator || base.authMode === 'emulator' ? emulatorExposureError(base.HOST, base.ALLOW_EMULATOR_ON_NETWORK) : undefined;
if (exposure) fail(exposure);

// Fail fast, before starting anything, if another process owns the embedded database.
let unlock: (() => void) | undefined;
if (base.database.kind === 'pglite') {
  try {
    unlock = lockDataDir(base.dataDir);
  } catch (err) {
    fail(err);
  }
}

// Signals are handled from here on, before any child exists: Ctrl+C during start-up must still stop
// the (detached) emulator and whatever else is half-started.
const startup = new AbortController();
let emulatorStarting: Promise<AuthEmulator | undefined> = Promise.resolve(undefined);
/** The started emulator, for a forced exit, which cannot wait for a promise. */
let emulatorUp: AuthEmulator | undefined;
let serverStarting: Promise<Running | undefined> = Promise.resolve(undefined);
// The database opens (and migrates) while the emulator starts: neither needs the other, and the
// emulator's JVM start and PGlite's open took 8-9 s and 2.3 s one after the other. Until the server
// takes it over, closing it is ours to do.
const dbOpening: Promise<Db> = openDatabase(base);
dbOpening.catch(() => {}); // awaited below; a failure is reported there
let dbHandedOver = false;
const closeUnclaimedDb = async () => {
  if (!dbHandedOver) await (await dbOpening.catch(() => undefined))?.close();
};
onShutdown(
  async () => {
    startup.abort();
    // The emulator stops beside the server, not after it: the server's drain can take seconds, and a
    // supervisor's grace period (systemd, a test stack) may end before a second, sequential stop.
    // Token checks are local, so the draining API does not need the emulator; only an owner's first
    // request of this run (which saves their account) fails meanwhile, and is retried by their next.
    const stopServer = async () => {
      const running = await serverStarting.catch(() => undefined);
      await running?.close();
      await closeUnclaimedDb();
    };
    const stopEmulator = async () => (await emulatorStarting.catch(() => undefined))?.stop();
    await Promise.all([stopServer(), stopEmulator()]);
    unlock?.();
  },
  () => emulatorUp?.forceStop(),
);

try {
  if (wantsEmulator) {
    console.log(`Starting the Firebase Auth Emulator on 127.0.0.1:${base.AUTH_EMULATOR_PORT} …`);
    emulatorStarting = startAuthEmulator({
      port: base.AUTH_EMULATOR_PORT,
      projectId: base.FIREBASE_PROJECT_ID,
      dataDir: base.dataDir,
      signal: startup.signal,
    });
    emulatorStarting.then((e) => (emulatorUp = e)).catch(() => {});
  }
  // The server's code (Fastify, firebase-admin, the answerer…) loads while the emulator starts, rather
  // than before it: a static import would hold up the emulator's spawn until all of it is compiled.
  const serverModule = import('../main.js');
  serverModule.catch(() => {}); // awaited below
  if (wantsEmulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = (await emulatorStarting)!.host;
  if (startup.signal.aborted) throw new Error('interrupted');
  const config = loadConfig();
  const { startServer } = await serverModule;
  // The bundled sample site is served by this very server: let the crawler reach it.
  const selfHosts = [new URL(config.publicUrl).host, `127.0.0.1:${config.PORT}`, `localhost:${config.PORT}`];
  for (const host of selfHosts) if (!config.CRAWL_ALLOW_HOSTS.includes(host)) config.CRAWL_ALLOW_HOSTS.push(host);

  const emulator = await emulatorStarting;
  const db = await dbOpening;
  if (startup.signal.aborted) throw new Error('interrupted');
  // Every new owner's account is on disk before the API acts for them (see emulatorUsers.ts).
  const saveUsers = emulator?.users;
  dbHandedOver = true;
  serverStarting = startServer(config, 'all', {
    db,
    ...(saveUsers
      ? {
          onNewUser: () =>
            saveUsers.save().catch((err: unknown) => {
              console.error(`Could not save the auth emulator's users: ${err instanceof Error ? err.message : String(err)}`);
              throw err; // retried on the owner's next request
            }),
        }
      : {}),
  });
  await serverStarting;
  if (!startup.signal.aborted) {
    console.log(
      `
Docent is running (${config.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ` +
        `${config.authMode === 'emulator' ? 'auth emulator' : 'Firebase auth'}, ${config.LLM_BASE_URL ? 'LLM answers' : 'extractive answers'})
  Dashboard:    ${config.publicUrl}/
  API:          ${config.publicUrl}/api/v1
  Widget demo:  ${config.publicUrl}/demo/?bot=<chatbot id>
  Sample site:  ${config.publicUrl}/demo/site/
Press Ctrl+C to stop.`,
    );
  }
} catch (err) {
  // Interrupted: the shutdown handler is already stopping everything and will exit.
  if (!startup.signal.aborted) {
    console.error(err instanceof Error ? err.message : err);
    await closeUnclaimedDb().catch(() => {});
    await (await emulatorStarting.catch(() => undefined))?.stop();
    unlock?.();
    process.exit(1);
  }
}

function fail(err: unknown): never {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
