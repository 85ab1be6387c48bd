import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/db.js';
import { deleteChatbot, insertChatbot } from '../../../src/db/repositories/chatbots.js';
import { MessageCache } from '../../../src/db/repositories/messageCache.js';
import { createConversation } from '../../../src/db/repositories/conversations.js';
import { takeTurnLease } from '../../../src/db/repositories/conversationTurns.js';
import { TurnLeases } from '../../../src/answer/turns/turnLeases.js';
import { openTestDb } from '../../helpers/db.js';

let db: Db;
let bot: string;

beforeAll(async () => {
  db = await openTestDb();
  bot = (await insertChatbot(db, { ownerUid: 'o' })).id;
});
afterAll(() => db.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const newConversation = async () => (await createConversation(db, bot, 'v1', 'New Chat')).id;

// Two TurnLeases on one database stand for two API processes: neither knows of the other's queue.
describe('conversation turns across processes', () => {
  it('runs a second turn on the same conversation only after the first has finished', async () => {
    const id = await newConversation();
    const a = new TurnLeases(db);
    const b = new TurnLeases(db);
    const events: string[] = [];
    const turn = (name: string, ms: number) => async () => {
      events.push(`${name} start`);
      await sleep(ms);
      events.push(`${name} end`);
    };
    const first = a.hold(id, turn('A', 300));
    await sleep(50);
    await Promise.all([first, b.hold(id, turn('B', 10))]);
    expect(events).toEqual(['A start', 'A end', 'B start', 'B end']);
  });

  it('lets exactly one of many racing processes answer at a time, and every one in the end', async () => {
    const id = await newConversation();
    let active = 0;
    let most = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        new TurnLeases(db, undefined, { pollMs: 5, maxPollMs: 20 }).hold(id, async () => {
          most = Math.max(most, ++active);
          await sleep(30);
          active--;
          done++;
        }),
      ),
    );
    expect({ most, done }).toEqual({ most: 1, done: 6 });
  });

  it('does not make other conversations wait', async () => {
    const [one, two] = [await newConversation(), await newConversation()];
    const events: string[] = [];
    let release!: () => void;
    const blocked = new TurnLeases(db).hold(one, () => new Promise<void>((r) => (release = r)));
    await sleep(50);
    await new TurnLeases(db).hold(two, async () => void events.push('other conversation answered'));
    expect(events).toEqual(['other conversation answered']);
    release();
    await blocked;
  });

  it('keeps a long turn held by renewing it, well past its time to live', async () => {
    const id = await newConversation();
    const opts = { ttlMs: 200, renewMs: 50 };
    const events: string[] = [];
    const first = new TurnLeases(db, undefined, opts).hold(id, async () => {
      events.push('A start');
      await sleep(700);
      events.push('A end');
    });
    await sleep(50);
    await Promise.all([first, new TurnLeases(db, undefined, opts).hold(id, async () => void events.push('B'))]);
    expect(events).toEqual(['A start', 'A end', 'B']);
  });

  it('takes over the turn of a process that died holding it, once its time ran out', async () => {
    const id = await newConversation();
    // A holder that never renews or releases, as a killed process would leave it.
    expect(await takeTurnLease(db, id, '00000000-0000-4000-8000-000000000000', 400)).toBe(true);
    const t0 = Date.now();
    let started = 0;
    await new TurnLeases(db).hold(id, async () => void (started = Date.now()));
    expect(started - t0).toBeGreaterThanOrEqual(300);
  });

  it('gives the turn back when the answer fails, so the next one does not wait for it to expire', async () => {
    const id = await newConversation();
    const leases = new TurnLeases(db, undefined, { ttlMs: 600_000 });
    await expect(leases.hold(id, () => Promise.reject(new Error('model down')))).rejects.toThrow('model down');
    // With the hold left behind, this would wait ten minutes and time the test out.
    await expect(new TurnLeases(db, undefined, { ttlMs: 600_000 }).hold(id, async () => 'answered')).resolves.toBe('answered');
  });

  it('goes with its conversation when the chatbot is deleted', async () => {
    const other = (await insertChatbot(db, { ownerUid: 'o' })).id;
    const id = (await createConversation(db, other, 'v1', 'New Chat')).id;
    expect(await takeTurnLease(db, id, '00000000-0000-4000-8000-000000000001', 600_000)).toBe(true);
    await deleteChatbot(db, new MessageCache(), other);
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversation_turns WHERE conversation_id = $1', [id]);
    expect(row!.n).toBe(0);
  });
});
