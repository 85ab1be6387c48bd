import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createFirebaseVerifier, type AuthVerifier } from '../../src/http/auth.js';
import { idTokenFor } from '../helpers/auth.js';

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

  it('refuses to start when the emulator variable appears after configuration', () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1';
    try {
      expect(() => createFirebaseVerifier(loadConfig({}))).toThrow(/not in emulator mode/);
    } finally {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    }
  });
});
