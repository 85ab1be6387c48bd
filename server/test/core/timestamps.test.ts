import { describe, expect, it } from 'vitest';
import { iso } from '../../src/db/repositories/timestamps.js';

describe('iso', () => {
  it('writes every timestamp as toISOString() would, whatever form it arrives in', () => {
    const texts = [
      '2026-11-24T11:35:27.123456+00:00',
      '2026-11-24T11:35:27.1+00:00',
      '2026-11-24T11:35:27.999999+00:00',
      '2026-11-24T11:35:27+00:00',
      '2026-11-24T11:35:27.5+01:00',
      '2026-11-24T23:59:59.9999+05:30',
      '2026-11-24 11:35:27.25+00',
    ];
    for (const text of texts) expect(iso(text)).toBe(new Date(text).toISOString());
    const date = new Date('2024-02-29T12:00:00.042Z');
    expect(iso(date)).toBe('2024-02-29T12:00:00.042Z');
    expect(iso(null)).toBeNull();
  });
});
