import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../testing/fakeApi';
import { chatbot } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import ChatbotDetailPage from './ChatbotDetailPage';

const renderDetail = (id: string) => renderAt(<ChatbotDetailPage />, { url: `/app/chatbots/${id}`, path: '/app/chatbots/:id' });

describe('detail page: the site language', () => {
  it('shows the detected language, sends the owner’s choice only when changed, and can go back to detection', async () => {
    const bot = chatbot({ language: 'de', language_chosen: false });
    const chosen = { ...bot, language: 'fr', language_chosen: true };
    const api = installFakeApi({
      'GET /chatbots/:id': ok({ chatbot: bot }),
      'PATCH /chatbots/:id': [ok(bot), ok(chosen), ok(bot)],
    });
    renderDetail(bot.id);
    const user = userEvent.setup();
    const card = (await screen.findByRole('heading', { name: /Chatbot Details/ })).closest('section')!;
    const select = within(card).getByLabelText('Site language') as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('Detected: German');
    const save = () => user.click(within(card).getByRole('button', { name: /Save Details/ }));

    await save();
    expect(await within(card).findByText(/saved successfully/)).toBeTruthy();
    const patches = () => api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body as Record<string, unknown>);
    expect(patches()[0]).not.toHaveProperty('language');

    await user.selectOptions(select, 'French');
    await save();
    await screen.findAllByText(/saved successfully/);
    expect(patches()[1]).toMatchObject({ language: 'fr' });

    await user.selectOptions(select, '');
    await save();
    await screen.findAllByText(/saved successfully/);
    expect(patches()[2]).toMatchObject({ language: null });
  });
});
