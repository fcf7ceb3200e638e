import { intervalParts, intervalWording, type IntervalUnit } from '@vigil/domain';

const INTL_UNITS: Record<IntervalUnit, string> = {
  years: 'year',
  months: 'month',
  weeks: 'week',
  days: 'day',
  hours: 'hour',
  mins: 'minute',
  secs: 'second',
};

/**
 * The connectivity interval in the interface language (requirements#monitoring-states): the spec's English wording
 * ('1 hour 5 mins', '0 secs', '---' for the last item) in English, the same units in the
 * language's own words elsewhere.
 */
export function intervalText(ms: number | null, locale: string): string {
  if (locale.toLowerCase().startsWith('en')) return intervalWording(ms);
  const parts = ms === null ? [] : intervalParts(ms);
  if (!parts.length) return '---';
  return parts
    .map(({ unit, count }) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: INTL_UNITS[unit], unitDisplay: 'long' }).format(count),
    )
    .join(' ');
}
