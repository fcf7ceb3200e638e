/**
 * Chart periods (requirements#monitoring-constants): the calendar presets, the rolling periods of the default list, and
 * the
 * preset list each aggregation interval selects with its default. Ranges are in the viewer's local
 * time (a "today" is the viewer's day); weeks start on Monday.
 */

const CALENDAR_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'lastYear',
  'lastFiveYears',
] as const;
/** Rolling periods that end now: 1 day, 7 days, 1 month, 3 months, 12 months. */
const ROLLING_PRESETS = ['oneDay', 'sevenDays', 'oneMonth', 'threeMonths', 'twelveMonths'] as const;
export const TIME_PRESETS = [...ROLLING_PRESETS, ...CALENDAR_PRESETS] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

/** Cards default to seven days (requirements#monitoring-constants: "cards default sevenDays", 168 hours). */
export const DEFAULT_CARD_PRESET: TimePreset = 'sevenDays';

type PresetListName = 'default' | 'day' | 'week' | 'month' | 'year';

/** The preset lists of requirements#monitoring-constants, each with its default. */
export const PRESET_LISTS: Record<PresetListName, { presets: readonly TimePreset[]; defaultPreset: TimePreset }> = {
  default: {
    presets: ['oneDay', 'yesterday', 'sevenDays', 'oneMonth', 'threeMonths', 'twelveMonths'],
    defaultPreset: 'sevenDays',
  },
  day: { presets: ['today', 'yesterday', 'thisWeek', 'lastWeek'], defaultPreset: 'thisWeek' },
  week: { presets: ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'], defaultPreset: 'thisMonth' },
  month: { presets: ['thisMonth', 'lastMonth', 'thisYear', 'lastYear'], defaultPreset: 'thisYear' },
  year: { presets: ['thisYear', 'lastYear', 'lastFiveYears'], defaultPreset: 'lastFiveYears' },
};

/** The preset list an aggregation interval selects (hour and raw data use the default list). */
export function presetListFor(interval: 'hour' | 'day' | 'week' | 'month' | 'year' | null | undefined) {
  if (interval === 'day' || interval === 'week' || interval === 'month' || interval === 'year')
    return PRESET_LISTS[interval];
  return PRESET_LISTS.default;
}

export interface TimeRange {
  from: Date;
  to: Date;
}

const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
const mondayOf = (d: Date) => addDays(dayStart(d), -((d.getDay() + 6) % 7));
const monthStart = (d: Date, add = 0) => new Date(d.getFullYear(), d.getMonth() + add, 1);
const yearStart = (d: Date, add = 0) => new Date(d.getFullYear() + add, 0, 1);
const before = (d: Date) => new Date(d.getTime() - 1);
const monthsBefore = (d: Date, months: number) => {
  const date = new Date(d);
  date.setMonth(date.getMonth() - months);
  return date;
};

/**
 * The range of a preset at `now`: rolling presets end at `now`; "this" presets run from the start of
 * the day, week, month or year to `now`; "last" presets are the whole previous one, ending 1 ms
 * before the current one starts. lastFiveYears is the four previous calendar years and this one.
 */
export function presetRange(preset: TimePreset, now: Date): TimeRange {
  switch (preset) {
    case 'oneDay':
      return { from: new Date(now.getTime() - 86_400_000), to: now };
    case 'sevenDays':
      return { from: new Date(now.getTime() - 7 * 86_400_000), to: now };
    case 'oneMonth':
      return { from: monthsBefore(now, 1), to: now };
    case 'threeMonths':
      return { from: monthsBefore(now, 3), to: now };
    case 'twelveMonths':
      return { from: monthsBefore(now, 12), to: now };
    case 'today':
      return { from: dayStart(now), to: now };
    case 'yesterday':
      return { from: addDays(now, -1), to: before(dayStart(now)) };
    case 'thisWeek':
      return { from: mondayOf(now), to: now };
    case 'lastWeek':
      return { from: addDays(mondayOf(now), -7), to: before(mondayOf(now)) };
    case 'thisMonth':
      return { from: monthStart(now), to: now };
    case 'lastMonth':
      return { from: monthStart(now, -1), to: before(monthStart(now)) };
    case 'thisYear':
      return { from: yearStart(now), to: now };
    case 'lastYear':
      return { from: yearStart(now, -1), to: before(yearStart(now)) };
    case 'lastFiveYears':
      return { from: yearStart(now, -4), to: now };
  }
}
