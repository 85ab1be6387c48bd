import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../testing/fakeApi';
import { chatbot } from '../testing/fixtures';
import { renderAt } from '../testing/render';
import { isAllChatbotsActive, Sidebar } from './Sidebar';

const names = ['Zeta', 'alpha', 'Gamma', 'Beta', 'Omega', 'Delta', 'Epsilon'];

describe('sidebar', () => {
  it('lists the first five chatbots by name and links to their pages', async () => {
    installFakeApi({
      'GET /chatbots': ok({ chatbots: names.map((name, i) => chatbot({ id: `00000000-0000-4000-8000-00000000000${i}`, name })) }),
    });
    renderAt(<Sidebar id="s" open={false} onLogout={() => {}} user={null} />, {
      url: '/app/chatbots/00000000-0000-4000-8000-000000000002',
    });
    const recent = await screen.findByRole('list');
    const links = within(recent).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);
    expect(links.find((l) => l.textContent === 'Gamma')?.getAttribute('aria-current')).toBe('page');
  });

  it("says 'No chatbots created yet.' when there are none", async () => {
    installFakeApi({ 'GET /chatbots': ok({ chatbots: [] }) });
    renderAt(<Sidebar id="s" open={false} onLogout={() => {}} user={null} />, { url: '/app' });
    expect(await screen.findByText('No chatbots created yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All Chatbots/ }).getAttribute('aria-current')).toBe('page');
  });

  it('highlights All Chatbots for /app, the list and detail pages, not for the create screens', () => {
    expect(['/app', '/app/', '/app/chatbots', '/app/chatbots/abc'].map(isAllChatbotsActive)).toEqual([true, true, true, true]);
    expect(['/app/chatbots/new', '/app/chatbots/create'].map(isAllChatbotsActive)).toEqual([false, false]);
  });
});
