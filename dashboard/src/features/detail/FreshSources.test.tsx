import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import { chatbot, task } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import ChatbotDetailPage from './ChatbotDetailPage';

const renderDetail = (id: string) => renderAt(<ChatbotDetailPage />, { url: `/app/chatbots/${id}`, path: '/app/chatbots/:id' });

describe('detail page: fresh sources', () => {
  it('shows a running task as a progress bar with a Stop button that stops it', async () => {
    const running = task({
      status: 'running',
      task_type: 'crawl',
      progress: { discovered: 40, fetched: 20, indexed: 10, failed: 0, skipped: 0, unchanged: 8, changed: 2, new: 0, removed: 0 },
    });
    const bot = chatbot({ latest_task: running });
    const api = installFakeApi({
      'GET /chatbots/:id': ok({ chatbot: bot }),
      'GET /crawl-and-index/tasks/:id': ok([running]),
      'POST /crawl-and-index/tasks/:bot/:task/stop': ok({ task_id: running.id, stopped: true }),
    });
    renderDetail(bot.id);
    await screen.findByRole('heading', { name: 'Acme Docs' });
    expect(screen.getByRole('progressbar', { name: 'Indexing progress' })).toBeTruthy();
    expect(screen.getByText(/20 fetched · 10 indexed \(0 new, 2 changed, 8 unchanged\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Re-crawl/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: /Stop/ }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === `/crawl-and-index/tasks/${bot.id}/${running.id}/stop`)).toBe(true),
    );
    expect(await screen.findByText('Task stopped.')).toBeTruthy();
  });

  it('saves include/exclude patterns, all languages and the schedule, and shows the server reason for a bad pattern', async () => {
    const bot = chatbot();
    const saved = {
      ...bot,
      include_patterns: ['/docs/**'],
      exclude_patterns: [],
      recrawl_schedule: 'weekly' as const,
      next_recrawl_at: '2026-01-12T10:00:00.000Z',
    };
    const api = installFakeApi({
      'GET /chatbots/:id': ok({ chatbot: bot }),
      'PATCH /chatbots/:id': [
        fail(422, [
          {
            loc: ['body', 'include_patterns', 0],
            msg: 'The pattern "docs/**" must start with / or * (a path), or with http:// or https://.',
            type: 'custom',
          },
        ]),
        ok(saved),
      ],
    });
    renderDetail(bot.id);
    const user = userEvent.setup();
    const card = (await screen.findByRole('heading', { name: /Crawl Settings/ })).closest('section')!;
    const include = within(card).getByLabelText('Include patterns');
    await user.type(include, 'docs/**');
    await user.selectOptions(within(card).getByLabelText('Automatic re-crawl'), 'weekly');
    await user.click(within(card).getByRole('button', { name: /Save Crawl Settings/ }));
    expect(await within(card).findByText(/must start with \/ or \*/)).toBeTruthy();
    await user.clear(include);
    await user.type(include, '/docs/**{enter}{enter}');
    await user.click(within(card).getByLabelText('All languages'));
    await user.click(within(card).getByLabelText('Render JavaScript'));
    await user.click(within(card).getByRole('button', { name: /Save Crawl Settings/ }));
    expect(await within(card).findByText('Crawl settings saved.')).toBeTruthy();
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches[0]!.body).toMatchObject({ all_languages: false, render_javascript: false });
    expect(patches.at(-1)!.body).toEqual({
      include_patterns: ['/docs/**'],
      exclude_patterns: [],
      all_languages: true,
      render_javascript: true,
      recrawl_schedule: 'weekly',
    });
  });

  it('adds, re-indexes or removes one page', async () => {
    const bot = chatbot();
    const api = installFakeApi({
      'GET /chatbots/:id': ok({ chatbot: bot }),
      'GET /crawl-and-index/tasks/:id': ok([task()]),
      'POST /chatbots/:id/sources': ok({ task_id: 't', url: 'https://docs.acme.dev/new' }),
      'DELETE /chatbots/:id/sources': ok({ url: 'https://docs.acme.dev/guide', removed: true }),
    });
    renderDetail(bot.id);
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Add, re-index or remove one page');
    await user.type(input, 'not a url');
    await user.click(screen.getByRole('button', { name: /Add \/ Re-index/ }));
    expect(await screen.findByText('Invalid URL format.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'https://docs.acme.dev/new');
    await user.click(screen.getByRole('button', { name: /Add \/ Re-index/ }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST' && c.path === `/chatbots/${bot.id}/sources`)?.body).toEqual({
        url: 'https://docs.acme.dev/new',
      }),
    );
    await user.type(input, 'https://docs.acme.dev/guide');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'DELETE')?.query.get('url')).toBe('https://docs.acme.dev/guide'));
    expect(await screen.findByText('Source removed.')).toBeTruthy();
  });
});
