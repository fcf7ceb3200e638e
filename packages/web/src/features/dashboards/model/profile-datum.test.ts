import { describe, expect, it } from 'vitest';
import { datumDay } from './inclinometer-data.ts';
import { datumInUse } from './profile-datum.ts';

describe('the datum a profile is read against', () => {
  const device = { datum_at: '2026-04-01T10:00:00.000Z' };

  it('is the device’s datum in effect, its exact reading set', () => {
    const datum = datumInUse(device, '2026-01-01T00:00:00Z', null);
    expect(datum).toEqual({ at: new Date(device.datum_at), day: datumDay(device.datum_at), source: 'device' });
  });

  it('falls back to the card’s date, then to none, when the device has no datum', () => {
    const card = datumInUse(null, '2026-01-01T12:00:00Z', null);
    expect(card.source).toBe('card');
    expect(card.day).toBe(datumDay('2026-01-01T12:00:00Z'));
    expect(card.at?.getHours()).toBe(23);
    expect(datumInUse(null, null, null)).toEqual({ at: null, day: '', source: 'none' });
  });

  it('is a day chosen for this view, or none when the view clears it, over the device’s', () => {
    const chosen = datumInUse(device, null, '2026-03-02');
    expect(chosen.source).toBe('view');
    expect(chosen.at).toEqual(new Date(2026, 2, 2, 23, 59, 59, 999));
    expect(datumInUse(device, null, '')).toEqual({ at: null, day: '', source: 'view' });
  });
});
