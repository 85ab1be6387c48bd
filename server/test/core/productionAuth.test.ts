import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createFirebaseVerifier, type AuthVerifier } from '../../src/http/auth.js';
import { emulatorHost, idTokenFor } from '../helpers/auth.js';

// This file never sets FIREBASE_AUTH_EMULATOR_HOST: the verifier runs in production mode.
let verifier: AuthVerifier;
let emulatorToken: string;

beforeAll(async () => {
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  emulatorToken = await idTokenFor('prod-check@example.com');
  verifier = createFirebaseVerifier(loadConfig({ FIREBASE_PROJECT_ID: 'demo-docent' }));
});
afterAll(() => verifier.close());

describe('production auth mode', () => {
  it('is production mode when FIREBASE_AUTH_EMULATOR_HOST is not set', () => {
    expect(loadConfig({}).authMode).toBe('firebase');
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).authMode).toBe('emulator');
  });

  it('rejects an unsigned emulator token', async () => {
    expect(emulatorToken.split('.')[2]).toBe('');
    expect(await verifier.verify(emulatorToken)).toBeNull();
  });

  it('still rejects unsigned tokens when the emulator variable appears after configuration', async () => {
    // firebase-admin reads this variable on every call; the verifier must not follow it into emulator mode.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost();
    const late = createFirebaseVerifier(loadConfig({ FIREBASE_PROJECT_ID: 'demo-docent' }));
    try {
      expect(await late.verify(emulatorToken)).toBeNull();
      const alg = (token: string, header: object) =>
        [Buffer.from(JSON.stringify(header)).toString('base64url'), ...token.split('.').slice(1)].join('.');
      expect(await late.verify(alg(emulatorToken, { alg: 'none', typ: 'JWT' }))).toBeNull();
    } finally {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      await late.close();
    }
  });

  it('accepts emulator tokens in emulator mode (the control for the test above)', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost();
    const emulator = createFirebaseVerifier(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() }));
    try {
      expect(await emulator.verify(emulatorToken)).toMatchObject({ email: 'prod-check@example.com' });
    } finally {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      await emulator.close();
    }
  });
});
