import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InsightSummary } from '../../../../shared/src/api/insights';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import { renderAt } from '../../testing/render';
import { AtAGlanceCard } from './AtAGlanceCard';
import { DeleteBotCard } from './DeleteBotCard';

const BOT = '00000000-0000-4000-8000-000000000001';

const summary = (over: Partial<InsightSummary> = {}): InsightSummary => ({
  days: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-01-${String(i + 1).padStart(2, '0')}`,
    conversations: i === 29 ? 3 : 0,
    messages: i === 29 ? 8 : 0,
  })),
  totals: { conversations: 3, messages: 8, answers: 3, feedback: 2, positive: 1 },
  answer_rate: 0.75,
  feedback_rate: 0.5,
  positive_share: 0.5,
  ...over,
});

describe('at a glance', () => {
  it('draws 30 days as an SVG chart and shows the answer and feedback rates', async () => {
    installFakeApi({ 'GET /chatbots/:id/insights/summary': ok(summary()) });
    renderAt(<AtAGlanceCard botId={BOT} />);
    const chart = await screen.findByRole('img', { name: 'Last 30 days: 3 conversations and 8 messages.' });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('(50% positive)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Unanswered questions' }).getAttribute('href')).toBe(`/app/chatbots/${BOT}/unanswered`);
  });

  it("draws a new bot's chart from its creation day, a week at least, with dates under the bars", async () => {
    installFakeApi({ 'GET /chatbots/:id/insights/summary': ok(summary()) });
    renderAt(<AtAGlanceCard botId={BOT} createdAt="2026-01-29T15:00:00.000Z" />);
    const chart = await screen.findByRole('img', { name: 'Last 7 days: 3 conversations and 8 messages.' });
    expect(screen.getByText('Visitor conversations over the last 7 days.')).toBeTruthy();
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars.map((b) => b.getAttribute('data-day'))).toEqual([
      '2026-01-24',
      '2026-01-25',
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
    ]);
    // The day's bar is drawn whole (below the top), narrower than its day, and dated.
    const last = bars.at(-1)!;
    expect(Number(last.getAttribute('y'))).toBeGreaterThan(0);
    expect(Number(last.getAttribute('width'))).toBeLessThan(300 / 7);
    const dates = chart.parentElement!.querySelector('.insights-dates')!.textContent;
    expect(dates).toContain('Jan 24');
    expect(dates).toContain('Jan 30');
    // Its scales are named: 3 conversations at the top of the left axis, 8 messages on the right.
    expect(chart.parentElement!.querySelector('.insights-axis-left')!.textContent).toBe('30');
    expect(chart.parentElement!.querySelector('.insights-axis-right')!.textContent).toBe('80');
  });

  it('shows dashes, not 0%, when there is nothing to measure', async () => {
    installFakeApi({ 'GET /chatbots/:id/insights/summary': ok(summary({ answer_rate: null, feedback_rate: null, positive_share: null })) });
    renderAt(<AtAGlanceCard botId={BOT} />);
    await screen.findByRole('img');
    expect(screen.getAllByText('—')).toHaveLength(2);
    expect(screen.queryByText(/positive/)).toBeNull();
  });
});

describe('delete a bot', () => {
  it('asks for confirmation, deletes, and hands over; Cancel deletes nothing', async () => {
    const api = installFakeApi({ 'DELETE /chatbots/:id': ok({ id: BOT, deleted: true }) });
    const onDeleted = vi.fn();
    renderAt(<DeleteBotCard botId={BOT} name="Acme Docs" onDeleted={onDeleted} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete chatbot' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Delete Acme Docs permanently?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete chatbot' }));
    await user.click(screen.getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /chatbots/${BOT}`]);
  });

  it("shows the server's reason when the delete fails", async () => {
    installFakeApi({ 'DELETE /chatbots/:id': fail(404, 'Chatbot not found') });
    const onDeleted = vi.fn();
    renderAt(<DeleteBotCard botId={BOT} name="Acme Docs" onDeleted={onDeleted} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete chatbot' }));
    await user.click(screen.getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('Chatbot not found')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
