import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/src/api/types';
import { resetClientConfig } from '../config/clientConfig';
import ChatbotDetailPage from '../features/detail/ChatbotDetailPage';
import { ChatbotCard } from '../features/chatbots/ChatbotCard';
import { installFakeApi, ok } from '../testing/fakeApi';
import { chatbot, task } from '../testing/fixtures';
import { renderAt } from '../testing/render';

/** A finished crawl that stopped at its limit, as the task API reports it (issue 39). */
const stopped = (kind: 'pages' | 'depth', links_left: number): Task => task({ limit_reached: { kind, links_left } });
const config = (maxPages: number, maxDepth = 5) =>
  ok({
    authMode: 'emulator',
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    publicUrl: '',
    crawlLimits: { maxPages, maxDepth },
  });
beforeEach(() => resetClientConfig());

describe('a crawl that stopped at its limit', () => {
  it('says so on the detail page and crawls more with twice the pages, up to the cap', async () => {
    const bot = chatbot({ max_pages: 10, latest_task: stopped('pages', 37) });
    const api = installFakeApi({
      'GET /client-config': config(1000),
      'GET /chatbots/:id': ok({ chatbot: bot }),
      'POST /indexing/crawl': ok({ task_id: 't2', chatbot_id: bot.id }),
    });
    renderAt(<ChatbotDetailPage />, { url: `/app/chatbots/${bot.id}`, path: '/app/chatbots/:id' });
    await screen.findAllByText(/Stopped at the 10-page limit/);
    const header = screen.getAllByText('Stopped at the 10-page limit; 37 more links were found and not crawled.');
    expect(header.length).toBe(2); // the header's notice and the Information card's Last Task line
    const button = await screen.findByRole('button', { name: 'Crawl more (up to 20 pages)' });
    await userEvent.setup().click(button);
    expect(await screen.findByText('Crawling more.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/indexing/crawl',
      body: { chatbot_id: bot.id, max_pages: 20 },
    });
  });

  it("stops at the server's cap: no button past it, the cap asked for when doubling would pass it", async () => {
    const atCap = chatbot({ max_pages: 40, latest_task: stopped('pages', 3) });
    installFakeApi({ 'GET /client-config': config(40) });
    renderAt(<ChatbotCard chatbot={atCap} />);
    expect(
      await screen.findByText("Stopped at the 40-page limit, this server's maximum; 3 more links were found and not crawled."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Crawl more/ })).toBeNull();
    cleanup();
    renderAt(<ChatbotCard chatbot={chatbot({ max_pages: 30, latest_task: stopped('pages', 3) })} />);
    expect(await screen.findByRole('button', { name: 'Crawl more (up to 40 pages)' })).toBeTruthy();
  });

  it('offers one level deeper when the depth limit stopped it, on the card too', async () => {
    const deep = chatbot({ max_depth: 2, latest_task: stopped('depth', 1) });
    const api = installFakeApi({
      'GET /client-config': config(1000, 10),
      'POST /indexing/crawl': ok({ task_id: 't3', chatbot_id: deep.id }),
    });
    renderAt(<ChatbotCard chatbot={deep} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('Stopped at depth 2; 1 more link was found and not crawled.')).toBeTruthy();
    await userEvent.setup().click(await within(card).findByRole('button', { name: 'Crawl more (depth 3)' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ chatbot_id: deep.id, max_depth: 3 }));
  });

  it('says nothing after a whole crawl, or while a crawl runs', async () => {
    installFakeApi({ 'GET /client-config': config(1000) });
    const { unmount } = renderAt(<ChatbotCard chatbot={chatbot({ latest_task: task() })} />);
    expect(screen.queryByText(/Stopped at/)).toBeNull();
    unmount();
    renderAt(<ChatbotCard chatbot={chatbot({ latest_task: { ...stopped('pages', 5), status: 'running' } })} />);
    expect(screen.queryByText(/Stopped at/)).toBeNull();
  });
});
