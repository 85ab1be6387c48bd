import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../src/api/client';
import { json } from './fakeServer';

/** A client whose fetch always answers `status` with `body`. */
const clientAnswering = (status: number, body: unknown) =>
  createApiClient({ baseUrl: 'http://x.test', fetch: (async () => json(status, body)) as typeof fetch });

describe('API client: success false versus failed requests (spec §7, §8)', () => {
  it('returns a 2xx `success: false` from collectUrls and crawlAndIndex instead of throwing', async () => {
    await expect(
      clientAnswering(200, { success: false, detail: 'busy' }).collectUrls({ url: 'https://a.test', max_depth: 1, max_pages: 5 }),
    ).resolves.toEqual({
      success: false,
      detail: 'busy',
    });
    await expect(
      clientAnswering(200, { success: false }).crawlAndIndex({ url: 'https://a.test', max_depth: 1, max_pages: 5 }),
    ).resolves.toEqual({ success: false });
    await expect(
      clientAnswering(200, { success: true, data: { collected_urls: ['https://a.test/'], count: 1 } }).collectUrls({
        url: 'https://a.test',
        max_depth: 1,
        max_pages: 5,
      }),
    ).resolves.toEqual({
      success: true,
      data: { collected_urls: ['https://a.test/'], count: 1 },
    });
  });

  it('still throws ApiError with the server detail for non-2xx answers', async () => {
    const err = await clientAnswering(422, { success: false, detail: [{ loc: ['body', 'url'], msg: 'bad url', type: 'x' }] })
      .collectUrls({ url: 'x', max_depth: 1, max_pages: 5 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).message).toBe('bad url');
    const err2 = await clientAnswering(502, 'not json')
      .crawlAndIndex({ url: 'x', max_depth: 1, max_pages: 5 })
      .catch((e: unknown) => e);
    expect((err2 as ApiError).message).toBe('Request failed (502)');
  });

  it("query: 'Query failed' when success is false, the server detail when the request fails", async () => {
    await expect(clientAnswering(200, { success: false }).query('b1', 'hi')).rejects.toThrow('Query failed');
    await expect(clientAnswering(500, { success: false, detail: 'LLM down' }).query('b1', 'hi')).rejects.toThrow('LLM down');
    await expect(clientAnswering(200, { success: true, data: { answer: 'ok', sources: [] } }).query('b1', 'hi')).resolves.toEqual({
      answer: 'ok',
      sources: [],
    });
  });

  it('other calls keep throwing on success false', async () => {
    await expect(clientAnswering(200, { success: false, detail: 'nope' }).listChatbots()).rejects.toThrow('nope');
  });
});
