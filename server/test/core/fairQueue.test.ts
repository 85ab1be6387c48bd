import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { claimTask, completeTask, enqueueTask } from '../../src/jobs/queue.js';
import { openTestDb } from '../helpers/db.js';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const bot = async (ownerUid: string) => (await insertChatbot(db, { ownerUid })).id;
const enqueue = async (chatbotId: string) => (await enqueueTask(db, { chatbotId, taskType: 'crawl' })).id;
const claim = async (worker: string) => (await claimTask(db, worker, ['crawl'], 30, 1))?.id;

describe('task claiming across owners', () => {
  it('runs one task per owner at a time and serves the owner served least recently first', async () => {
    const [a1, a2, b] = [await bot('owner-a'), await bot('owner-a'), await bot('owner-b')];
    // Owner A queued three refreshes before owner B queued one.
    const aTasks = [await enqueue(a1), await enqueue(a2), await enqueue(a1)];
    const bFirst = await enqueue(b);

    expect(await claim('w1')).toBe(aTasks[0]);
    // A already has a task running: B's goes next although A's others are older.
    expect(await claim('w2')).toBe(bFirst);
    expect(await claim('w3')).toBeUndefined();

    await completeTask(db, aTasks[0]!, 'w1');
    await completeTask(db, bFirst, 'w2');
    const bSecond = await enqueue(b);
    // Round robin: A (served before B) goes first, then B, before A's last task.
    expect(await claim('w1')).toBe(aTasks[1]);
    await completeTask(db, aTasks[1]!, 'w1');
    expect(await claim('w1')).toBe(bSecond);
    expect(await claim('w2')).toBe(aTasks[2]);
  });

  it('never gives one owner more running tasks than allowed, even to workers claiming at the same moment', async () => {
    const c = await bot('owner-c');
    for (let i = 0; i < 6; i++) await enqueue(c);
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => claimTask(db, `racer-${i}`, ['crawl'], 30, 1)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
  it('still claims a task that belongs to no chatbot (the column allows it)', async () => {
    const id = randomUUID();
    await db.query(`INSERT INTO tasks (id, task_type) VALUES ($1, 'index_urls')`, [id]);
    expect((await claimTask(db, 'w', ['index_urls'], 30, 1))?.id).toBe(id);
  });
});
