import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_RANGE_MS } from './metrics-constants.ts';
import { DEFAULT_CARD_PRESET, PRESET_LISTS, presetListFor, presetRange, type TimePreset } from './time-presets.ts';

// Wednesday 25 November 2026, 14:30:15.500 local time
const NOW = new Date(2026, 10, 25, 14, 30, 15, 500);
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms);
const range = (preset: TimePreset) => presetRange(preset, NOW);

describe('time presets (requirements#monitoring-constants)', () => {
  it('defaults cards to seven days, the 168 hours of the default chart range', () => {
    expect(DEFAULT_CARD_PRESET).toBe('sevenDays');
    const { from, to } = range('sevenDays');
    expect(to.getTime() - from.getTime()).toBe(168 * 3_600_000);
    expect(to.getTime() - from.getTime()).toBe(DEFAULT_CHART_RANGE_MS);
  });

  it('has the five preset lists with their defaults', () => {
    expect(PRESET_LISTS.default).toEqual({
      presets: ['oneDay', 'yesterday', 'sevenDays', 'oneMonth', 'threeMonths', 'twelveMonths'],
      defaultPreset: 'sevenDays',
    });
    expect(PRESET_LISTS.day).toEqual({
      presets: ['today', 'yesterday', 'thisWeek', 'lastWeek'],
      defaultPreset: 'thisWeek',
    });
    expect(PRESET_LISTS.week).toEqual({
      presets: ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'],
      defaultPreset: 'thisMonth',
    });
    expect(PRESET_LISTS.month).toEqual({
      presets: ['thisMonth', 'lastMonth', 'thisYear', 'lastYear'],
      defaultPreset: 'thisYear',
    });
    expect(PRESET_LISTS.year).toEqual({
      presets: ['thisYear', 'lastYear', 'lastFiveYears'],
      defaultPreset: 'lastFiveYears',
    });
  });

  it('lets the interval select the list', () => {
    expect(presetListFor('day')).toBe(PRESET_LISTS.day);
    expect(presetListFor('month')).toBe(PRESET_LISTS.month);
    expect(presetListFor('hour')).toBe(PRESET_LISTS.default);
    expect(presetListFor(null)).toBe(PRESET_LISTS.default);
  });

  it('ends rolling periods now', () => {
    expect(range('oneDay')).toEqual({ from: local(2026, 11, 24, 14, 30, 15, 500), to: NOW });
    expect(range('oneMonth')).toEqual({ from: local(2026, 10, 25, 14, 30, 15, 500), to: NOW });
    expect(range('threeMonths')).toEqual({ from: local(2026, 8, 25, 14, 30, 15, 500), to: NOW });
    expect(range('twelveMonths')).toEqual({ from: local(2025, 11, 25, 14, 30, 15, 500), to: NOW });
  });

  it('runs "this" periods from their start to now, weeks from Monday', () => {
    expect(range('today')).toEqual({ from: local(2026, 11, 25), to: NOW });
    expect(range('thisWeek')).toEqual({ from: local(2026, 11, 23), to: NOW });
    expect(range('thisMonth')).toEqual({ from: local(2026, 11, 1), to: NOW });
    expect(range('thisYear')).toEqual({ from: local(2026, 1, 1), to: NOW });
    expect(range('lastFiveYears')).toEqual({ from: local(2022, 1, 1), to: NOW });
  });

  it('gives "last" periods whole, ending just before the current one', () => {
    expect(range('yesterday')).toEqual({ from: local(2026, 11, 24), to: local(2026, 11, 24, 23, 59, 59, 999) });
    expect(range('lastWeek')).toEqual({ from: local(2026, 11, 16), to: local(2026, 11, 22, 23, 59, 59, 999) });
    expect(range('lastMonth')).toEqual({ from: local(2026, 10, 1), to: local(2026, 10, 31, 23, 59, 59, 999) });
    expect(range('lastYear')).toEqual({ from: local(2025, 1, 1), to: local(2025, 12, 31, 23, 59, 59, 999) });
  });

  it('takes a Sunday as the end of its week', () => {
    const sunday = local(2026, 11, 29, 9);
    expect(presetRange('thisWeek', sunday).from).toEqual(local(2026, 11, 23));
    expect(presetRange('lastWeek', sunday).from).toEqual(local(2026, 11, 16));
  });
});
