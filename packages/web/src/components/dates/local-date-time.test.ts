import { describe, expect, it } from 'vitest';
import { isoFromLocal, localDateTime } from './local-date-time.ts';

describe('datetime-local texts', () => {
  it('show a time in the browser’s zone to the minute and read back as an instant with its zone', () => {
    const at = new Date(2026, 10, 26, 9, 5, 42);
    expect(localDateTime(at)).toBe('2026-11-26T09:05');
    expect(isoFromLocal('2026-11-26T09:05')).toBe(new Date(2026, 10, 26, 9, 5).toISOString());
    expect(isoFromLocal('2026-11-26T09:05:42')).toBe(at.toISOString());
  });

  it('are not times when empty or written another way', () => {
    for (const text of ['', '26/11/2026 09:05', '2026-11-26', '2026-13-45T99:99'])
      expect(isoFromLocal(text)).toBeNull();
  });
});
