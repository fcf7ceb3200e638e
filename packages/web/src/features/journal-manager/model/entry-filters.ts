import { presetRange, type TimePreset } from '@vigil/domain';
import type { EntryQuery } from '../../../api/journal.ts';
import { customRange, customRangeErrors, type CustomRangeErrors } from '../../../components/dates/custom-range.ts';

/** Periods an entry list is narrowed to: everything, rolling presets ending now, or two dates. */
export const ENTRY_PERIODS = ['all', 'sevenDays', 'oneMonth', 'threeMonths', 'twelveMonths', 'custom'] as const;
export type EntryPeriod = (typeof ENTRY_PERIODS)[number];

/** The filters of the entry list, as the address keeps them. */
export interface EntryFilters {
  search: string;
  period: EntryPeriod;
  /** YYYY-MM-DD, for a custom period */
  from: string;
  to: string;
  device: string;
  tag: string;
}

export const NO_FILTERS: EntryFilters = { search: '', period: 'all', from: '', to: '', device: '', tag: '' };

const PARAMS = { search: 'q', period: 'period', from: 'from', to: 'to', device: 'device', tag: 'tag' } as const;

/** The filters in an address's query (unknown periods read as all time). */
export function filtersFromParams(params: URLSearchParams): EntryFilters {
  const period = params.get(PARAMS.period) ?? 'all';
  return {
    search: params.get(PARAMS.search) ?? '',
    period: (ENTRY_PERIODS as readonly string[]).includes(period) ? (period as EntryPeriod) : 'all',
    from: params.get(PARAMS.from) ?? '',
    to: params.get(PARAMS.to) ?? '',
    device: params.get(PARAMS.device) ?? '',
    tag: params.get(PARAMS.tag) ?? '',
  };
}

/** The address's query with the filters written in (defaults left out), other parameters kept. */
export function withFilters(params: URLSearchParams, filters: EntryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [field, name] of Object.entries(PARAMS) as Array<[keyof EntryFilters, string]>) {
    const value = filters[field].trim();
    const isDefault = !value || (field === 'period' && value === 'all');
    const unused = (field === 'from' || field === 'to') && filters.period !== 'custom';
    if (isDefault || unused) next.delete(name);
    else next.set(name, filters[field]);
  }
  return next;
}

export const hasFilters = (filters: EntryFilters) =>
  Boolean(filters.search.trim() || filters.device || filters.tag.trim() || filters.period !== 'all');

/**
 * `GET journal-entries` for a journal and the filters, or the custom period's errors. A rolling
 * period starts `now` (the moment the filters were chosen) minus its length and has no end.
 */
export function entryQuery(
  journalId: string,
  filters: EntryFilters,
  now: Date,
): { query: EntryQuery; errors: null } | { query: null; errors: CustomRangeErrors } {
  const query: EntryQuery = { journal: journalId };
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.device) query.device = filters.device;
  if (filters.tag.trim()) query.tag = filters.tag.trim();
  if (filters.period === 'custom') {
    const errors = customRangeErrors(filters.from || null, filters.to || null, now);
    if (Object.keys(errors).length) return { query: null, errors };
    const range = customRange(filters.from, filters.to);
    query['occurred_at.from_time'] = range.from.toISOString();
    query['occurred_at.to_time'] = range.to.toISOString();
  } else if (filters.period !== 'all') {
    query['occurred_at.from_time'] = presetRange(filters.period as TimePreset, now).from.toISOString();
  }
  return { query, errors: null };
}
