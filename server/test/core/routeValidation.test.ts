import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbot } from '../../src/db/repositories/chatbots.js';
import { buildTestApp, newVisitorId, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/auth.js';

/**
 * Input is validated by Fastify from each route's zod schema (issue 37 item 3), with the answers the
 * handlers gave when they parsed it themselves: an owner route checks the token first (401 whatever
 * the body), then the input (422 naming where: body, query or path).
 */
let t: TestApp;
let token: string;
let bot: string;
beforeAll(async () => {
  t = await buildTestApp();
  const owner = await signIn('route-validation@example.com');
  token = owner.idToken;
  bot = (await insertChatbot(t.db, { ownerUid: owner.uid, name: 'Checks' })).id;
});
afterAll(() => t?.close());

describe('route input checks', () => {
  it('an owner route says 401 before it looks at the input, then 422 naming the field', async () => {
    const bad = { url: 'ftp://example.com/', max_pages: 'many' };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/crawl-and-index', payload: bad });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, detail: 'User not authenticated' });

    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crawl-and-index',
      payload: bad,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signed.statusCode).toBe(422);
    expect(signed.json()).toEqual({
      success: false,
      detail: expect.arrayContaining([
        { loc: ['body', 'url'], msg: 'Invalid URL format.', type: 'custom' },
        expect.objectContaining({ loc: ['body', 'max_pages'], msg: 'max_pages must be a number' }),
      ]),
    });
  });

  it('path and query are checked too, and a query takes its defaults', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const badId = await t.app.inject({ method: 'GET', url: '/api/v1/chatbots/not-a-uuid', headers: auth });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().detail[0]).toMatchObject({ loc: ['path', 'id'], msg: 'Invalid id' });

    const badVisitor = await t.app.inject({ method: 'GET', url: `/api/v1/chatbots/${bot}/conversations?visitor_id=me` });
    expect(badVisitor.statusCode).toBe(422);
    expect(badVisitor.json().detail[0]).toMatchObject({ loc: ['query', 'visitor_id'] });

    const tooMany = await t.app.inject({ method: 'GET', url: `/api/v1/crawl-and-index/tasks/${bot}?limit=101`, headers: auth });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail[0]).toMatchObject({ loc: ['query', 'limit'] });

    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chatbots/${bot}/conversations?visitor_id=${newVisitorId()}&extra=1`,
    });
    expect(unknown.statusCode).toBe(422);

    // Defaults filled and strings coerced before the handler: an empty listing, not a failure.
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/crawl-and-index/tasks/${bot}`, headers: auth });
    expect(listed.json()).toEqual({ success: true, data: [] });
  });
});
