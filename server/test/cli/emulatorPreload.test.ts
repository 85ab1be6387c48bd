import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PRELOAD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/emulatorPreload.cjs');

describe('the auth emulator preload', () => {
  // Every server test signs in through an emulator started with this preload (helpers/globalSetup),
  // so sign-in working with lazy validators is covered there; this pins the mechanism itself: if a
  // firebase-tools upgrade moves exegesis, start-up would silently slow down by ~9 s again.
  it('makes the emulator’s exegesis compile its validators lazily', () => {
    const script = `
      const path = require('node:path');
      const server = require.resolve('firebase-tools/lib/emulator/auth/server.js');
      const ee = require(require.resolve('exegesis-express', { paths: [path.dirname(server)] }));
      let seen;
      ee.middleware = (_spec, options) => { seen = options; };
      require(${JSON.stringify(PRELOAD)});
      ee.middleware({}, { autoHandleHttpErrors: true });
      process.stdout.write(JSON.stringify(seen));`;
    const seen = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: process.cwd(), encoding: 'utf8' }));
    expect(seen).toEqual({ autoHandleHttpErrors: true, lazyCompileValidationSchemas: true });
  });

  it('loads quietly into any Node process (NODE_OPTIONS reaches the firebase CLI’s children too)', () => {
    const out = execFileSync(process.execPath, ['--require', PRELOAD, '-e', 'process.stdout.write("ok")'], { cwd: '/', encoding: 'utf8' });
    expect(out).toBe('ok');
  });
});
