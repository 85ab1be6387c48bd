import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'docent-health-'));
  t = await buildTestApp({ dataDir });
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const health = () => t.app.inject({ method: 'GET', url: '/api/v1/health' });

describe('/health in embedded mode', () => {
  it('says ok while the data directory takes writes, and degraded once it does not', async () => {
    const fine = await health();
    expect(fine.statusCode).toBe(200);
    expect(fine.json().data).toMatchObject({ status: 'ok', db: 'ok', disk: 'ok' });

    // The disk under the data directory is gone (as good as full or read-only for every write).
    rmSync(dataDir, { recursive: true, force: true });
    const broken = await health();
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toEqual({ success: true, data: expect.objectContaining({ status: 'degraded', db: 'ok', disk: 'unwritable' }) });
  });
});
