import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../shared/src/api/types';
import { installFakeApi, ok } from '../testing/fakeApi';
import { task } from '../testing/fixtures';
import '../testing/render';
import { StatusBadge } from './StatusBadge';
import { QUICK_POLL_MS, QUICK_WINDOW_MS, TASK_POLL_MS, useTaskPolling } from './useTaskPolling';

const BOT = '00000000-0000-4000-8000-000000000001';

function PolledBadge({ given }: { given: Task }) {
  return <StatusBadge task={useTaskPolling(BOT, given)} />;
}

async function advance(ms: number) {
  await act(async () => vi.advanceTimersByTime(ms));
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => vi.useRealTimers());

describe('a task just started', () => {
  it('is polled quickly at first, so its start and a quick end show within a second', async () => {
    const now = () => new Date().toISOString();
    const api = installFakeApi({
      'GET /crawl-and-index/tasks/:id': [
        ok([task({ status: 'running', created_at: now() })]),
        ok([task({ status: 'completed', created_at: now() })]),
      ],
    });
    render(<PolledBadge given={task({ status: 'queued', created_at: now(), updated_at: now() })} />);
    await advance(QUICK_POLL_MS);
    expect(screen.getByText('running')).toBeTruthy();
    await advance(QUICK_POLL_MS);
    expect(screen.getByText('completed')).toBeTruthy();
    expect(api.calls).toHaveLength(2);
  });

  it('falls back to the 5 s poll once its first seconds are over', async () => {
    const api = installFakeApi({
      'GET /crawl-and-index/tasks/:id': () => ok([task({ status: 'running', created_at: new Date(Date.now() - 1000).toISOString() })]),
    });
    render(<PolledBadge given={task({ status: 'running', created_at: new Date().toISOString() })} />);
    for (let t = 0; t <= QUICK_WINDOW_MS; t += QUICK_POLL_MS) await advance(QUICK_POLL_MS);
    const quick = api.calls.length;
    expect(quick).toBeGreaterThanOrEqual(Math.floor(QUICK_WINDOW_MS / QUICK_POLL_MS));
    await advance(TASK_POLL_MS - 1);
    expect(api.calls.length).toBeLessThanOrEqual(quick + 1);
    await advance(TASK_POLL_MS);
    expect(api.calls.length).toBeGreaterThanOrEqual(quick + 1);
    expect(api.calls.length).toBeLessThanOrEqual(quick + 2);
  });
});
