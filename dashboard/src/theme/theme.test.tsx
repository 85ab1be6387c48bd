import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../testing/render';
import { ThemeToggle } from '../ui/ThemeToggle';
import { togglePageTheme } from '../../../shared/src/chat/browser';
import { paintTheme } from '../../../shared/src/theme';
import { applyTheme, resolveTheme, THEME_KEY } from './theme';

function preferDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('follows the system preference when nothing is stored', () => {
    preferDark(true);
    expect(resolveTheme()).toBe('dark');
    preferDark(false);
    expect(resolveTheme()).toBe('light');
  });

  it('a stored choice wins over the system preference', () => {
    preferDark(true);
    localStorage.setItem(THEME_KEY, 'light');
    expect(resolveTheme()).toBe('light');
    localStorage.setItem(THEME_KEY, 'bogus');
    expect(resolveTheme()).toBe('dark');
  });

  it('the toggle flips the dark class on <html> and stores the choice', async () => {
    preferDark(false);
    applyTheme(resolveTheme());
    const user = userEvent.setup();
    render(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
  });

  it('the pre-paint step (/theme-init.js is built from it) applies the same rule as the app', () => {
    preferDark(true);
    paintTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    localStorage.setItem(THEME_KEY, 'light');
    paintTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it("follows a change made by the /chat header's toggle (one theme, one announcement)", async () => {
    preferDark(false);
    applyTheme(resolveTheme());
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeTruthy();
    act(() => togglePageTheme());
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });
});
