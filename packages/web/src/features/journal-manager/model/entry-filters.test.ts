import { describe, expect, it } from 'vitest';
import { entryQuery, filtersFromParams, hasFilters, NO_FILTERS, withFilters } from './entry-filters.ts';

const now = new Date(2026, 10, 26, 9, 30);

describe('the entry filters', () => {
  it('ask for the journal’s entries, narrowed by text, device and tag', () => {
    expect(entryQuery('j1', NO_FILTERS, now)).toEqual({ query: { journal: 'j1' }, errors: null });
    const filters = { ...NO_FILTERS, search: ' seepage ', device: 'pz1', tag: 'inspection' };
    expect(entryQuery('j1', filters, now).query).toEqual({
      journal: 'j1',
      search: 'seepage',
      device: 'pz1',
      tag: 'inspection',
    });
  });

  it('start a rolling period its length before now, and a custom one at the start of its first day', () => {
    expect(entryQuery('j1', { ...NO_FILTERS, period: 'sevenDays' }, now).query).toEqual({
      journal: 'j1',
      'occurred_at.from_time': new Date(2026, 10, 19, 9, 30).toISOString(),
    });
    expect(
      entryQuery('j1', { ...NO_FILTERS, period: 'custom', from: '2026-11-01', to: '2026-11-02' }, now).query,
    ).toEqual({
      journal: 'j1',
      'occurred_at.from_time': new Date(2026, 10, 1).toISOString(),
      'occurred_at.to_time': new Date(2026, 10, 3, 0, 0, 0, -1).toISOString(),
    });
  });

  it('refuse a custom period without its dates, in the future or backwards', () => {
    const custom = { ...NO_FILTERS, period: 'custom' as const };
    expect(entryQuery('j1', custom, now).errors).toEqual({ start: 'required', end: 'required' });
    expect(entryQuery('j1', { ...custom, from: '2026-11-20', to: '2026-11-10' }, now).errors).toEqual({
      start: 'afterEnd',
    });
    expect(entryQuery('j1', { ...custom, from: '2026-11-20', to: '2026-12-10' }, now).errors).toEqual({
      end: 'future',
    });
  });

  it('live in the address, defaults left out and other parameters kept', () => {
    const params = withFilters(new URLSearchParams('journal=j1&from=2026-01-01'), {
      ...NO_FILTERS,
      search: 'crest',
      period: 'oneMonth',
      from: '2026-01-01',
    });
    expect(params.toString()).toBe('journal=j1&q=crest&period=oneMonth');
    expect(filtersFromParams(params)).toEqual({ ...NO_FILTERS, search: 'crest', period: 'oneMonth' });
    expect(filtersFromParams(new URLSearchParams('period=forever')).period).toBe('all');
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, tag: 'x' })).toBe(true);
  });
});
