import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An app whose log lines (parsed) land in the returned array. */
async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  t = await buildTestApp({ logStream, env: { LOG_LEVEL: level } });
  return lines;
}

const everyday = async (app: TestApp['app']) => {
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: '/api/v1/health' });
  await app.inject({ method: 'GET', url: `/api/v1/chatbots/nope/conversations?visitor_id=${newVisitorId()}` });
  await app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
};

describe('request logging', () => {
  it('writes no line per request at the default level (info)', async () => {
    const lines = await appLogging('info');
    await everyday(t!.app);
    expect(lines).toEqual([]);
  }, 120_000);

  it('writes one line per request at debug, with status and time and no visitor id', async () => {
    const lines = await appLogging('debug');
    await everyday(t!.app);
    const requests = lines.filter((l) => l.msg === 'request completed');
    expect(requests).toHaveLength(22);
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    expect(requests[0]).toMatchObject({ req: { method: 'GET', url: '/api/v1/health' }, status: 200 });
    expect(typeof requests[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/visitor-[A-Za-z0-9_-]{10,}/);
  }, 120_000);
});
