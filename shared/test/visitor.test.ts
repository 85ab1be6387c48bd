import { describe, expect, it } from 'vitest';
import { memoryStore, safeStorage } from '../src/storage';
import { getVisitorId, newVisitorId, VISITOR_ID_PATTERN } from '../src/visitor';

describe('visitor id', () => {
  it("is 'visitor-' plus at least 128 bits of base64url from crypto.getRandomValues", () => {
    let requested = 0;
    const id = newVisitorId({
      getRandomValues: <T extends ArrayBufferView | null>(a: T) => {
        requested = (a as unknown as Uint8Array).length;
        return globalThis.crypto.getRandomValues(a as unknown as Uint8Array) as unknown as T;
      },
    });
    expect(requested * 8).toBeGreaterThanOrEqual(128);
    expect(id).toMatch(VISITOR_ID_PATTERN);
    expect(id.slice('visitor-'.length)).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  it('never repeats across many draws', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newVisitorId()));
    expect(ids.size).toBe(5000);
  });

  it('is stored under visitor_id and reused', () => {
    const store = memoryStore();
    const id = getVisitorId(store);
    expect(store.getItem('visitor_id')).toBe(id);
    expect(getVisitorId(store)).toBe(id);
  });

  it('replaces a malformed stored id', () => {
    const store = memoryStore();
    store.setItem('visitor_id', 'visitor-short');
    const id = getVisitorId(store);
    expect(id).not.toBe('visitor-short');
    expect(id).toMatch(VISITOR_ID_PATTERN);
  });

  it('keeps one id for the page when localStorage throws', () => {
    const throwing = safeStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const id = getVisitorId(throwing);
    expect(getVisitorId(throwing)).toBe(id);
  });

  it('falls back to memory when writes throw (quota full)', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    const store = safeStorage(() => full);
    const id = getVisitorId(store);
    expect(getVisitorId(store)).toBe(id);
  });

  it('uses real localStorage when available', () => {
    localStorage.clear();
    const id = getVisitorId(safeStorage(() => localStorage));
    expect(localStorage.getItem('visitor_id')).toBe(id);
  });
});
