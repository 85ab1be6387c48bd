import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { __setAuthStateForTests, finishLogout, LOGOUT_REDIRECT_MS } from '../auth/session';
import { installFakeApi, ok } from '../testing/fakeApi';
import { renderAt } from '../testing/render';
import AppLayout from './AppLayout';

const signedIn = {
  status: 'signedIn' as const,
  user: { uid: 'u1', email: 'owner@example.com', displayName: 'Owner', photoURL: null },
  authMode: 'emulator' as const,
  loadError: null,
  loggingOut: false,
};

afterEach(() => {
  finishLogout();
  vi.useRealTimers();
});

describe('/app guard and shell', () => {
  it('sends signed-out users to /login', async () => {
    __setAuthStateForTests({ ...signedIn, status: 'signedOut', user: null });
    renderAt(<AppLayout />, { url: '/app/chatbots', path: '/app/*' });
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });

  it('shows a full-screen spinner while auth loads', () => {
    __setAuthStateForTests({ ...signedIn, status: 'loading', user: null });
    renderAt(<AppLayout />, { url: '/app', path: '/app/*' });
    expect(screen.getByRole('status').textContent).toContain('Checking your sign-in');
  });

  it('sends every API call with the bearer ID token', async () => {
    __setAuthStateForTests(signedIn, { getIdToken: async () => 'token-123' });
    const api = installFakeApi({ 'GET /chatbots': ok({ chatbots: [] }) });
    renderAt(<AppLayout />, { url: '/app', path: '/app/*' });
    expect(await screen.findByText('No chatbots created yet.')).toBeTruthy();
    expect(api.calls[0]!.headers.Authorization).toBe('Bearer token-123');
  });

  it('after logout shows a notice and goes to /login 2 seconds later', async () => {
    vi.useFakeTimers();
    __setAuthStateForTests({ ...signedIn, status: 'signedOut', user: null, loggingOut: true });
    renderAt(<AppLayout />, { url: '/app/chatbots', path: '/app/*' });
    expect(screen.getByText('You have been logged out')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(LOGOUT_REDIRECT_MS - 10));
    expect(screen.getByTestId('location').textContent).toBe('/app/chatbots');
    await act(async () => vi.advanceTimersByTime(20));
    vi.useRealTimers();
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});
