import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../shared/src/api/types';
import { fail, installFakeApi, ok } from '../testing/fakeApi';
import { task } from '../testing/fixtures';
import '../testing/render';
import { badgeStyle, StatusBadge } from './StatusBadge';
import { TASK_POLL_MS, useTaskPolling } from './useTaskPolling';

const BOT = '00000000-0000-4000-8000-000000000001';

function PolledBadge({ given, onSettled }: { given?: Task; onSettled?: (t: Task) => void }) {
  const current = useTaskPolling(BOT, given, onSettled);
  return (
    <div data-testid="badge-host">
      <StatusBadge task={current} />
    </div>
  );
}

/** Lets pending fetch promises and React updates run under fake timers. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => vi.useRealTimers());

describe('status badge', () => {
  it('maps statuses to the spec styles', () => {
    expect(['running', 'completed', 'failed', 'pending', 'queued', 'paused'].map(badgeStyle)).toEqual([
      'running',
      'completed',
      'failed',
      'pending',
      'pending',
      'neutral',
    ]);
    render(<StatusBadge task={task({ status: 'queued' })} />);
    const badge = screen.getByText('queued');
    expect(badge.className).toContain('badge-pending');
  });

  it('polls every 5 seconds while running and stops once completed', async () => {
    const api = installFakeApi({
      'GET /crawl-and-index/tasks/:id': [
        ok([task({ status: 'running', updated_at: '2026-01-05T10:02:00.000Z' })]),
        ok([task({ status: 'completed', updated_at: '2026-01-05T10:03:00.000Z' })]),
      ],
    });
    const settled = vi.fn();
    render(<PolledBadge given={task({ status: 'queued' })} onSettled={settled} />);
    expect(screen.getByText('queued')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await act(async () => vi.advanceTimersByTime(TASK_POLL_MS - 1));
    expect(api.calls).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    await flush();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.query.get('task_type')).toBe('crawl_and_index');
    expect(api.calls[0]!.query.get('limit')).toBe('20');
    expect(api.calls[0]!.query.get('offset')).toBe('0');
    expect(screen.getByText('running').className).toContain('badge-running');

    await act(async () => vi.advanceTimersByTime(TASK_POLL_MS));
    await flush();
    expect(screen.getByText('completed')).toBeTruthy();
    expect(settled).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(TASK_POLL_MS * 3));
    await flush();
    expect(api.calls).toHaveLength(2);
  });

  it('fetches the latest task itself when none is given, showing nothing until it loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    installFakeApi({ 'GET /crawl-and-index/tasks/:id': async () => (await gate, ok([task({ status: 'failed' })])) });
    render(<PolledBadge />);
    expect(screen.getByTestId('badge-host').textContent).toBe('');
    release();
    await flush();
    expect(screen.getByText('failed').className).toContain('badge-failed');
  });

  it('leaves the chatbot without a task when the fetch fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = installFakeApi({ 'GET /crawl-and-index/tasks/:id': fail(500, 'boom') });
    render(<PolledBadge />);
    await flush();
    expect(api.calls).toHaveLength(1);
    expect(screen.getByTestId('badge-host').textContent).toBe('');
    await act(async () => vi.advanceTimersByTime(TASK_POLL_MS * 2));
    expect(api.calls).toHaveLength(1);
  });
});
