import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../testing/fakeApi';
import { chatbot } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import ChatbotDetailPage from './ChatbotDetailPage';

const BOT = chatbot();
const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-01-${String(i + 1).padStart(2, '0')}`,
  conversations: i % 3,
  messages: (i % 3) * 2,
}));

describe('chatbot detail page: owner insights (issue 18)', () => {
  it('shows the bot at a glance and deletes it after a confirmation, back to the list', async () => {
    const api = installFakeApi({
      'GET /chatbots/:id': ok({ chatbot: BOT }),
      'GET /chatbots/:id/insights/summary': ok({
        days,
        totals: { conversations: 30, messages: 60, answers: 20, feedback: 4, positive: 3 },
        answer_rate: 0.69,
        feedback_rate: 0.14,
        positive_share: 0.75,
      }),
      'DELETE /chatbots/:id': ok({ id: BOT.id, deleted: true }),
      'GET /chatbots': ok({ chatbots: [] }),
    });
    renderAt(<ChatbotDetailPage />, { url: `/app/chatbots/${BOT.id}`, path: '/app/chatbots/:id' });
    await screen.findByRole('heading', { name: 'At a Glance' });
    // The bot was created on Jan 5: its chart starts there, not with four empty days before it.
    expect(await screen.findByRole('img', { name: 'Last 26 days: 27 conversations and 54 messages.' })).toBeTruthy();
    expect(screen.getByText('69%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conversations' }).getAttribute('href')).toBe(`/app/chatbots/${BOT.id}/conversations`);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete chatbot' }));
    await user.click(screen.getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/chatbots'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/chatbots/${BOT.id}`]);
  });
});
