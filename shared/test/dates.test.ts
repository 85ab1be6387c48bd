import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '../src/dates';

// Local-time constructors, so the expectations hold in any time zone.
const d = new Date(2025, 0, 5, 9, 7);
const pm = new Date(2025, 10, 23, 15, 4);
const midnight = new Date(2025, 11, 31, 0, 0);

describe('dates', () => {
  it('formats message times as HH:mm', () => {
    expect(formatTime(d)).toBe('09:07');
    expect(formatTime(pm)).toBe('15:04');
    expect(formatTime(midnight)).toBe('00:00');
  });
  it("formats conversation dates as 'MMM d, yyyy'", () => {
    expect(formatDate(d)).toBe('Jan 5, 2025');
    expect(formatDate(pm.toISOString())).toBe('Nov 23, 2025');
  });
  it("formats 'MMM d, h:mm a'", () => {
    expect(formatDateTime(d)).toBe('Jan 5, 9:07 AM');
    expect(formatDateTime(pm)).toBe('Nov 23, 3:04 PM');
    expect(formatDateTime(midnight)).toBe('Dec 31, 12:00 AM');
  });
  it("writes a visitor's chat in another language with that language's month names; English stays the spec's", () => {
    expect(formatDate(d, 'de')).toBe('5. Jan. 2025');
    expect(formatDate(d, 'fr')).toBe('5 janv. 2025');
    expect(formatDateTime(pm, 'de')).toBe('23. Nov., 15:04');
    expect(formatDate(d, 'en')).toBe('Jan 5, 2025');
    expect(formatDateTime(pm, 'en')).toBe('Nov 23, 3:04 PM');
  });
  it('returns an empty string for missing or invalid dates', () => {
    expect(formatTime(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
