import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { appendMessage } from '../../src/db/repositories/messages.js';
import { newVisitorId, type TestApp } from '../helpers/app.js';
import { countedApp, otherProcess, untilFromMemory, type CountingDb } from '../helpers/countingDb.js';
import { onPostgres } from '../helpers/db.js';

/**
 * Issue 40: a bot's public info is served from memory, fresh after every owner change, on both
 * engines and (PostgreSQL) across processes sharing one database; a visitor's message listing is one
 * database round trip, or none once cached (PGlite).
 */

let base: Db;
let db: CountingDb;
let t: TestApp;
let owner: { idToken: string; uid: string };

beforeAll(async () => {
  ({ base, db, t, owner } = await countedApp('public-cache-owner@example.com'));
});
afterAll(async () => {
  await t?.close();
  await base?.close();
});

const getPublic = (app: TestApp, id: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url: `/api/v1/chatbots/${id}/public`, headers });

const patch = (app: TestApp, id: string, body: object) =>
  app.app.inject({ method: 'PATCH', url: `/api/v1/chatbots/${id}`, headers: { authorization: `Bearer ${owner.idToken}` }, payload: body });

/** PostgreSQL: the cache serves from memory once its notice connection is listening; wait for that. */
const untilServedFromMemory = (app: TestApp, counted: CountingDb, id: string) =>
  untilFromMemory(counted, async () => expect((await getPublic(app, id)).statusCode).toBe(200), 'the public info');

describe('public bot info cache', () => {
  it('serves repeated requests without asking the database', async () => {
    const id = (await insertChatbot(db, { ownerUid: owner.uid, name: 'Lighthouse', description: 'Keepers' })).id;
    await untilServedFromMemory(t, db, id);
    const before = db.count;
    for (let i = 0; i < 20; i++) {
      const res = await getPublic(t, id);
      expect(res.json().data).toEqual({
        id,
        name: 'Lighthouse',
        description: 'Keepers',
        greeting: '',
        starter_questions: [],
        language: 'en',
      });
    }
    expect(db.count - before).toBe(0);
  });

  it('shows an owner change at once, and a deleted bot is gone at once', async () => {
    const id = (await insertChatbot(db, { ownerUid: owner.uid, name: 'Quay', description: 'Moorings' })).id;
    await untilServedFromMemory(t, db, id);
    expect((await patch(t, id, { name: 'Quay two', greeting: 'Ahoy', starter_questions: ['Where?'] })).statusCode).toBe(200);
    expect((await getPublic(t, id)).json().data).toMatchObject({ name: 'Quay two', greeting: 'Ahoy', starter_questions: ['Where?'] });
    // Who may embed it comes from the same cache: a new allowed domain applies at once.
    expect((await patch(t, id, { allowed_origins: ['https://quay.example'] })).statusCode).toBe(200);
    expect((await getPublic(t, id, { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
    expect((await getPublic(t, id, { origin: 'https://quay.example' })).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/chatbots/${id}`,
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(del.statusCode).toBeLessThan(300);
    const gone = await getPublic(t, id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('Chatbot not found');
  });

  it('a listing from an embedding page is one database round trip (none on PGlite once cached)', async () => {
    const id = (await insertChatbot(db, { ownerUid: owner.uid, name: 'Harbour' })).id;
    const visitor = newVisitorId();
    const conv = (
      await t.app.inject({ method: 'POST', url: `/api/v1/chatbots/${id}/conversations`, payload: { visitor_id: visitor } })
    ).json().data.id as string;
    await appendMessage(db, t.ctx.messageCache, conv, { role: 'user', content: 'Where?' });
    await appendMessage(db, t.ctx.messageCache, conv, { role: 'assistant', content: 'East quay.' });
    await untilServedFromMemory(t, db, id);
    const list = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/chatbots/${id}/conversations/${conv}/messages?visitor_id=${visitor}`,
        headers: { origin: 'https://harbour.example' },
      });
    t.ctx.messageCache.forgetAll();
    let before = db.count;
    const first = await list();
    expect(first.json().data.messages.map((m: { content: string }) => m.content)).toEqual(['Where?', 'East quay.']);
    expect(db.count - before).toBe(1);
    before = db.count;
    expect((await list()).statusCode).toBe(200);
    expect(db.count - before).toBe(onPostgres() ? 1 : 0);
  });
});

describe.runIf(onPostgres())('two server processes on one PostgreSQL database', () => {
  const other = otherProcess(() => base);

  /** Poll the other process's public route until it shows what is expected (the notice is asynchronous). */
  async function seenByOther(id: string, expected: (status: number, name?: string) => boolean): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const res = await getPublic(other.app, id);
      if (expected(res.statusCode, res.statusCode === 200 ? (res.json().data.name as string) : undefined)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the other process kept serving the old bot info');
  }

  it('a change through one process is seen by the other, which had it cached', async () => {
    const id = (await insertChatbot(db, { ownerUid: owner.uid, name: 'Pier' })).id;
    await untilServedFromMemory(other.app, other.db, id);
    expect((await patch(t, id, { name: 'Pier renamed' })).statusCode).toBe(200);
    await seenByOther(id, (status, name) => status === 200 && name === 'Pier renamed');
    // Cached again after the change, with the new name.
    await untilServedFromMemory(other.app, other.db, id);
    expect((await getPublic(other.app, id)).json().data.name).toBe('Pier renamed');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/chatbots/${id}`,
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(del.statusCode).toBeLessThan(300);
    await seenByOther(id, (status) => status === 404);
  });

  it('a write no code of this process made (another process, a manual UPDATE) reaches the cache by its notice alone', async () => {
    // The PATCH above also forgets in every cache of this test's process; SQL straight to the
    // database does not, so only the trigger's notice (migration 025) can make the cache forget.
    const id = (await insertChatbot(db, { ownerUid: owner.uid, name: 'Slipway' })).id;
    await untilServedFromMemory(other.app, other.db, id);
    await base.query(`UPDATE chatbots SET name = 'Slipway renamed' WHERE id = $1`, [id]);
    await seenByOther(id, (status, name) => status === 200 && name === 'Slipway renamed');
    await untilServedFromMemory(other.app, other.db, id);
    await base.query(`DELETE FROM chatbots WHERE id = $1`, [id]);
    await seenByOther(id, (status) => status === 404);
  });
});
