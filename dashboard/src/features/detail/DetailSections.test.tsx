import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../testing/fakeApi';
import { chatbot } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import ChatbotDetailPage from './ChatbotDetailPage';

const BOT = chatbot();
const openPage = () => {
  installFakeApi({ 'GET /chatbots/:id': ok({ chatbot: BOT }) });
  renderAt(<ChatbotDetailPage />, { url: `/app/chatbots/${BOT.id}`, path: '/app/chatbots/:id' });
};
afterEach(() => window.history.replaceState(null, '', '/'));

describe('chatbot detail page: four groups of cards (issue 39)', () => {
  it('groups the cards under Overview, Sources, Settings and Insights, every spec card still on the page', async () => {
    openPage();
    await screen.findByRole('heading', { name: 'Chatbot Information' });
    const group = (name: string) => screen.getByRole('region', { name });
    const cardsIn = (name: string) =>
      within(group(name))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent?.trim())
        .filter((t) => t !== name);
    expect(cardsIn('Overview')).toEqual(['Chatbot Information', 'Embed on Your Website', 'Chatbot Link']);
    expect(cardsIn('Sources')).toEqual(expect.arrayContaining(['Chatbot Sources']));
    expect(cardsIn('Settings')).toEqual(expect.arrayContaining(['Customize Chatbot Prompts', 'Chatbot Details']));
    expect(cardsIn('Insights')).toEqual(['At a Glance']);
    const nav = screen.getByRole('navigation', { name: 'Chatbot sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Overview', 'Sources', 'Settings', 'Insights']);
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('location');
  });

  it('names the chosen group in the address, and opens on the group the address names', async () => {
    openPage();
    await screen.findByRole('heading', { name: 'Chatbot Information' });
    const nav = screen.getByRole('navigation', { name: 'Chatbot sections' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Settings' }));
    expect(window.location.hash).toBe('#settings');
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('location');
    cleanup();

    // A reload: the same address opens with Settings current.
    window.history.replaceState(null, '', `/app/chatbots/${BOT.id}#settings`);
    openPage();
    const again = await screen.findByRole('navigation', { name: 'Chatbot sections' });
    expect(within(again).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('location');
    expect(within(again).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });
});
