/**
 * Preloaded (node --require) into the Firebase Auth Emulator's process by authEmulator.ts.
 *
 * The emulator serves Google's Identity Toolkit API through exegesis, which by default compiles a
 * JSON-schema validator for every operation of that API before it listens: about 9 s of CPU on
 * this 2-core machine, most of Docent's start-up. Sign-in uses a handful of those operations.
 * exegesis has a documented option for exactly this, `lazyCompileValidationSchemas` (compile an
 * operation's validator on its first request), which firebase-tools does not set; this sets it.
 * Requests are validated exactly as before, only later. If the module moved or changed shape in a
 * later firebase-tools, nothing is patched and the emulator starts the slow way.
 */
'use strict';
const path = require('node:path');

try {
  const authServer = require.resolve('firebase-tools/lib/emulator/auth/server.js');
  // The very exegesis-express instance the emulator will load (resolved from its own folder).
  const exegesisExpress = require(require.resolve('exegesis-express', { paths: [path.dirname(authServer)] }));
  const middleware = exegesisExpress.middleware;
  if (typeof middleware === 'function') {
    exegesisExpress.middleware = (spec, options) => middleware(spec, { ...options, lazyCompileValidationSchemas: true });
  }
} catch {
  // Not the layout we know: leave the emulator as it is.
}
