import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorExposureError, isLoopbackHost, loadConfig } from '../../src/config.js';
import { startServer } from '../../src/main.js';

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('accepts true, a hop count, or proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else with a message naming the variable and the bad entry', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY: .*"yes please"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(/TRUST_PROXY: .*not valid: "proxy.internal"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('emulator mode on a network address', () => {
  it('knows which listen addresses are loopback', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('is refused off loopback unless ALLOW_EMULATOR_ON_NETWORK=true', () => {
    expect(emulatorExposureError('127.0.0.1', false)).toBeUndefined();
    expect(emulatorExposureError('0.0.0.0', false)).toMatch(/ALLOW_EMULATOR_ON_NETWORK=true/);
    expect(emulatorExposureError('0.0.0.0', true)).toBeUndefined();
    expect(loadConfig({}).ALLOW_EMULATOR_ON_NETWORK).toBe(false);
    expect(loadConfig({ ALLOW_EMULATOR_ON_NETWORK: 'true' }).ALLOW_EMULATOR_ON_NETWORK).toBe(true);
    expect(() => loadConfig({ ALLOW_EMULATOR_ON_NETWORK: 'maybe' })).toThrow(/ALLOW_EMULATOR_ON_NETWORK/);
  });

  it('makes startServer refuse before it opens anything', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-exposed-'));
    try {
      const config = loadConfig({
        HOST: '0.0.0.0',
        PORT: '0',
        DATA_DIR: dir,
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        LOG_LEVEL: 'silent',
      });
      await expect(startServer(config)).rejects.toThrow(/ALLOW_EMULATOR_ON_NETWORK/);
      expect(readdirSync(dir)).toEqual([]); // no lock, no database
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
