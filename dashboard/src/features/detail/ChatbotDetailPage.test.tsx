import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import { chatbot, task } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import ChatbotDetailPage from './ChatbotDetailPage';
import { resetWidgetLoader } from './useFloatingWidget';

const BOT = chatbot();
const renderDetail = (id = BOT.id) => renderAt(<ChatbotDetailPage />, { url: `/app/chatbots/${id}`, path: '/app/chatbots/:id' });

describe('chatbot detail page', () => {
  it("says 'Invalid Chatbot ID.' for an id that cannot exist, without calling the API", () => {
    const api = installFakeApi({});
    renderDetail('not-an-id');
    expect(screen.getByText('Invalid Chatbot ID.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("answers a 404 (no such chatbot) with 'Crawl not found' and a Go Back button", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = installFakeApi({ 'GET /chatbots/:id': fail(404, 'Chatbot not found') });
    renderDetail();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch chatbot details. Please try again later.');
    expect(screen.getByText('Crawl not found')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === `/chatbots/${BOT.id}`)).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/chatbots'));
  });

  it("shows the load error without 'Crawl not found' when the server fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFakeApi({ 'GET /chatbots/:id': fail(500, 'database is down') });
    renderDetail();
    expect(
      await screen.findByText('Failed to fetch chatbot details. Please try again later.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Crawl not found')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('loads widget.js once, mounts each visit through window.DocentChat and unmounts on leaving', async () => {
    const w = window as unknown as { DocentChat?: { mount: (el?: Element) => void; unmount: (el?: Element) => void } };
    resetWidgetLoader();
    document.querySelectorAll('script[src="/widget/widget.js"]').forEach((el) => el.remove());
    const other = chatbot({ id: '00000000-0000-4000-8000-000000000002', name: 'Beta Docs' });
    installFakeApi({ 'GET /chatbots/:id': ok({ chatbot: BOT }) });
    const scripts = () => document.querySelectorAll('script[src="/widget/widget.js"]');

    // First visit: the script is requested; leaving before it arrives leaves nothing behind.
    const first = renderDetail();
    await screen.findByRole('heading', { name: 'Acme Docs' });
    expect(scripts()).toHaveLength(1);
    expect(document.querySelectorAll('body > #docent-chat')).toHaveLength(1);
    first.unmount();
    expect(document.querySelector('body > #docent-chat')).toBeNull();

    // Second visit (another bot): no second script; the root is mounted once widget.js has run.
    installFakeApi({ 'GET /chatbots/:id': ok({ chatbot: other }) });
    const mount = vi.fn();
    const unmount = vi.fn((el?: Element) => el?.remove());
    const second = renderDetail(other.id);
    await screen.findByRole('heading', { name: 'Beta Docs' });
    expect(scripts()).toHaveLength(1);
    w.DocentChat = { mount, unmount };
    scripts()[0]!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
    const root = mount.mock.calls[0]![0] as HTMLElement;
    expect(root.id).toBe('docent-chat');
    expect(root.dataset.botId).toBe(other.id);
    expect(root.isConnected).toBe(true);
    second.unmount();
    expect(unmount).toHaveBeenCalledWith(root);
    expect(root.isConnected).toBe(false);

    // Third visit: the loaded API is reused at once.
    installFakeApi({ 'GET /chatbots/:id': ok({ chatbot: BOT }) });
    renderDetail();
    await screen.findByRole('heading', { name: 'Acme Docs' });
    await waitFor(() => expect(mount).toHaveBeenCalledTimes(2));
    expect((mount.mock.calls[1]![0] as HTMLElement).dataset.botId).toBe(BOT.id);
    expect(scripts()).toHaveLength(1);
    delete w.DocentChat;
  });

  it('renders the six cards, the embed snippet and the public link, and hosts the widget', async () => {
    installFakeApi({ 'GET /chatbots/:id': ok({ chatbot: { ...BOT, description: '' } }) });
    const view = renderDetail();
    await screen.findByRole('heading', { name: 'Acme Docs' });
    for (const title of [
      'Chatbot Information',
      'Embed on Your Website',
      'Chatbot Sources',
      'Chatbot Link',
      'Customize Chatbot Prompts',
      'Chatbot Details',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByText('Generated from https://docs.acme.dev/')).toBeTruthy();
    expect(screen.getByText('9 pages indexed')).toBeTruthy();
    expect(screen.getByText('Last Task Status')).toBeTruthy();
    const origin = window.location.origin;
    expect(screen.getByLabelText('Embed snippet').textContent).toBe(
      `<link rel="stylesheet" href="${origin}/widget/widget.css">\n<div id="docent-chat" data-bot-id="${BOT.id}"></div>\n<script src="${origin}/widget/widget.js" defer></script>`,
    );
    expect((screen.getByLabelText('Public chat link') as HTMLInputElement).value).toBe(`${origin}/chat/${BOT.id}/conversations`);
    expect(screen.getByRole('link', { name: 'https://docs.acme.dev/guide' }).getAttribute('target')).toBe('_blank');
    expect(document.querySelector(`body > #docent-chat[data-bot-id="${BOT.id}"]`)).not.toBeNull();
    expect(document.querySelector('script[src="/widget/widget.js"]')).not.toBeNull();
    view.unmount();
    expect(document.querySelector('body > #docent-chat')).toBeNull();
  });

  it("hides Last Task Status when there is no task and shows 'No sources found.'", async () => {
    installFakeApi({
      'GET /chatbots/:id': ok({ chatbot: { ...BOT, latest_task: null, urls: [] } }),
      'GET /crawl-and-index/tasks/:id': ok([]),
    });
    renderDetail();
    await screen.findByRole('heading', { name: 'Acme Docs' });
    expect(screen.queryByText('Last Task Status')).toBeNull();
    expect(screen.getByText('No sources found.')).toBeTruthy();
  });

  it("Copy shows 'Copied!' and Copy Link 'Link Copied!' for 2 seconds", async () => {
    installFakeApi({ 'GET /chatbots/:id': ok({ chatbot: BOT }) });
    renderDetail();
    await screen.findByRole('heading', { name: 'Acme Docs' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // The label flips once the clipboard write resolves (a microtask or more after the click).
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    // user-event provides the clipboard; read back what the page wrote.
    expect(await navigator.clipboard.readText()).toContain(`data-bot-id="${BOT.id}"`);
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByRole('button', { name: 'Link Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/chat/${BOT.id}/conversations`);
    await act(async () => vi.advanceTimersByTime(2100));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    vi.useRealTimers();
  });

  it('saves prompts with a 3 s success notice and shows a 5 s error notice on failure', async () => {
    const api = installFakeApi({
      'GET /chatbots/:id': ok({ chatbot: BOT }),
      'PATCH /chatbots/:id/prompts': [ok({ ...BOT, system_prompt: 'New prompt' }), fail(500, 'database is down')],
      'PATCH /chatbots/:id': ok({ ...BOT, name: 'Renamed', rag_enabled: false }),
    });
    renderDetail();
    await screen.findByRole('heading', { name: 'Acme Docs' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const prompt = screen.getByLabelText('System Prompt');
    await user.clear(prompt);
    await user.type(prompt, 'New prompt');
    await user.click(screen.getByRole('button', { name: 'Save Prompts' }));
    expect(await screen.findByText('Prompts saved successfully.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ system_prompt: 'New prompt', response_format: 'Markdown' });
    await act(async () => vi.advanceTimersByTime(3100));
    expect(screen.queryByText('Prompts saved successfully.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save Prompts' }));
    expect(await screen.findByText('Failed to update prompts. Please try again.')).toBeTruthy();
    expect(screen.getByText('Failed to update chatbot prompts: database is down')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(4000));
    expect(screen.queryByText('Failed to update prompts. Please try again.')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Failed to update prompts. Please try again.')).toBeNull();

    await user.click(screen.getByLabelText('Enable RAG (Retrieval-Augmented Generation)'));
    await user.click(screen.getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByText('Chatbot details saved successfully.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
      name: 'Acme Docs',
      description: 'Answers about Acme.',
      rag_enabled: false,
    });
    vi.useRealTimers();
  });

  it('shows live crawl progress while the task runs', async () => {
    installFakeApi({
      'GET /chatbots/:id': ok({
        chatbot: {
          ...BOT,
          latest_task: task({ status: 'running', progress: { discovered: 20, fetched: 8, indexed: 6, failed: 1, skipped: 0 } }),
        },
      }),
    });
    renderDetail();
    expect(await screen.findByText('20 found · 8 fetched · 6 indexed · 1 failed')).toBeTruthy();
  });
});
