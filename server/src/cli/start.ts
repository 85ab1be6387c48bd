/**
 * `npm start`: the whole product on one machine with nothing else installed: the Firebase Auth
 * Emulator, the API on embedded PGlite (or DATABASE_URL), the in-process worker and the built front ends.
 */
import { loadConfig } from '../config.js';
import { lockDataDir } from '../db/dataDirLock.js';
import { startServer } from '../main.js';
import { startAuthEmulator, type AuthEmulator } from './authEmulator.js';
import { onShutdown } from './shutdown.js';

const base = loadConfig();
// Fail fast, before starting anything, if another process owns the embedded database.
if (base.database.kind === 'pglite') {
  try {
    lockDataDir(base.dataDir);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
let emulator: AuthEmulator | undefined;
// A real Firebase web config means production auth; otherwise the emulator runs alongside.
if (!base.FIREBASE_API_KEY && !base.FIREBASE_AUTH_EMULATOR_HOST) {
  console.log(`Starting the Firebase Auth Emulator on 127.0.0.1:${base.AUTH_EMULATOR_PORT} …`);
  emulator = await startAuthEmulator({ port: base.AUTH_EMULATOR_PORT, projectId: base.FIREBASE_PROJECT_ID, dataDir: base.dataDir });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}
const config = loadConfig();
// The bundled sample site is served by this very server: let the crawler reach it.
const selfHosts = [new URL(config.publicUrl).host, `127.0.0.1:${config.PORT}`, `localhost:${config.PORT}`];
for (const host of selfHosts) if (!config.CRAWL_ALLOW_HOSTS.includes(host)) config.CRAWL_ALLOW_HOSTS.push(host);

let running: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  running = await startServer(config, 'all');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await emulator?.stop();
  process.exit(1);
}
onShutdown(async () => {
  await running?.close();
  await emulator?.stop();
});
console.log(`
Docent is running (${config.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ` +
  `${config.authMode === 'emulator' ? 'auth emulator' : 'Firebase auth'}, ${config.LLM_BASE_URL ? 'LLM answers' : 'extractive answers'})
  Dashboard:    ${config.publicUrl}/
  API:          ${config.publicUrl}/api/v1
  Widget demo:  ${config.publicUrl}/demo/?bot=<chatbot id>
  Sample site:  ${config.publicUrl}/demo/site/
Press Ctrl+C to stop.`);
