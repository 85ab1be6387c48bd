import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

const Page = () => <h1>The page</h1>;
const FALLBACK = <p>Loading…</p>;
let loads = 0;
const load = () => {
  loads++;
  return Promise.resolve({ default: Page });
};

describe('lazyPage', () => {
  it('renders a preloaded page at once, with no fallback (which React would keep for 300 ms)', async () => {
    const Preloaded = lazyPage(load);
    await Preloaded.preload();
    render(
      <Suspense fallback={FALLBACK}>
        <Preloaded />
      </Suspense>,
    );
    // Synchronously: the first commit already has the page.
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('suspends a page that was not preloaded, then shows it; its code loads once', async () => {
    const before = loads;
    const Later = lazyPage(load);
    render(
      <Suspense fallback={FALLBACK}>
        <Later />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    await Later.preload();
    expect(loads - before).toBe(1);
  });

  it('loads again after a failed load', async () => {
    let fail = true;
    const Flaky = lazyPage(() => (fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ default: Page })));
    await expect(Flaky.preload()).rejects.toThrow('chunk failed');
    fail = false;
    await expect(Flaky.preload()).resolves.toEqual({ default: Page });
  });
});
