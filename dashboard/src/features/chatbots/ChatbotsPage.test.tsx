import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import { chatbot, task } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import ChatbotsPage from './ChatbotsPage';

describe('All Chatbots page', () => {
  it('shows the empty state with a Create Chatbot button', async () => {
    installFakeApi({ 'GET /chatbots': ok({ chatbots: [] }) });
    renderAt(<ChatbotsPage />);
    expect(screen.getByRole('status')).toBeTruthy(); // spinner while loading
    expect(await screen.findByRole('heading', { name: 'No Chatbots Yet' })).toBeTruthy();
    expect(screen.getByText('Create your first chatbot to get started.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Chatbot' }).getAttribute('href')).toBe('/app/chatbots/create');
  });

  it('shows the spec error alert when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFakeApi({ 'GET /chatbots': fail(500, 'Internal error') });
    renderAt(<ChatbotsPage />);
    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 });
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(alert.textContent).toContain('Failed to fetch crawls. Please try again later.');
  });

  it('renders a card per chatbot with fallbacks, badge, date and document count', async () => {
    installFakeApi({
      'GET /chatbots': ok({
        chatbots: [
          chatbot(),
          chatbot({
            id: '00000000-0000-4000-8000-000000000002',
            name: '',
            description: '',
            document_count: 0,
            latest_task: task({ status: 'failed' }),
          }),
        ],
      }),
    });
    renderAt(<ChatbotsPage />);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Acme Docs' })).toBeTruthy();
    expect(within(cards[0]!).getByText('completed')).toBeTruthy();
    expect(within(cards[0]!).getByText('9 pages indexed')).toBeTruthy();
    expect(within(cards[0]!).getByText(new Date('2026-01-05T10:00:00.000Z').toLocaleString())).toBeTruthy();
    expect(within(cards[1]!).getByRole('heading', { name: 'Untitled Chatbot' })).toBeTruthy();
    expect(within(cards[1]!).getByText('No description provided.')).toBeTruthy();
    expect(within(cards[1]!).getByText('failed')).toBeTruthy();
    expect(
      within(cards[1]!)
        .getByRole('link', { name: /View Details/ })
        .getAttribute('href'),
    ).toBe('/app/chatbots/00000000-0000-4000-8000-000000000002');
  });
});
