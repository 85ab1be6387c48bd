import { afterAll } from 'vitest';

/**
 * Preact runs effects after paint through a 100 ms fallback timer that calls cancelAnimationFrame.
 * A file's last render can leave one pending when its tests end; on a busy machine it fired after
 * the test environment (and cancelAnimationFrame with it) was torn down, an unhandled
 * "cancelAnimationFrame is not defined" that fails the run. Every widget test file waits for the
 * last ones before its environment goes.
 */
afterAll(() => new Promise((resolve) => setTimeout(resolve, 200)));
