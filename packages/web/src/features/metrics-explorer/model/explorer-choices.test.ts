import { describe, expect, it } from 'vitest';
import {
  choicesFromParams,
  EXPLORER_FUNCTIONS,
  MAX_DEVICES,
  paramsFromChoices,
  withWindow,
  type ExplorerChoices,
} from './explorer-choices.ts';

const parse = (query: string) => choicesFromParams(new URLSearchParams(query));

describe('the explorer choices in the address', () => {
  it('defaults to no device, the average per week over this month (the week list’s default)', () => {
    expect(parse('')).toEqual({
      devices: [],
      metric: null,
      fn: 'avg',
      window: 'week',
      period: { preset: 'thisMonth' },
    });
  });

  it('offers avg, min, max, sum and count, not first', () => {
    expect(EXPLORER_FUNCTIONS).toEqual(['avg', 'min', 'max', 'sum', 'count']);
  });

  it('reads devices, metric, function, window and preset', () => {
    expect(parse('devices=a,b&metric=raw_metrics.pressure&fn=max&window=day&preset=lastWeek')).toEqual({
      devices: ['a', 'b'],
      metric: 'raw_metrics.pressure',
      fn: 'max',
      window: 'day',
      period: { preset: 'lastWeek' },
    });
  });

  it('a preset outside the window’s list falls back to the list’s default', () => {
    expect(parse('window=day&preset=lastFiveYears').period).toEqual({ preset: 'thisWeek' });
    expect(parse('window=hour').period).toEqual({ preset: 'sevenDays' });
    expect(parse('window=month').period).toEqual({ preset: 'thisYear' });
  });

  it('ignores an unknown function or window', () => {
    const choices = parse('fn=first&window=year');
    expect(choices.fn).toBe('avg');
    expect(choices.window).toBe('week');
  });

  it('reads a custom range, keeping a missing date empty so that its error shows', () => {
    expect(parse('from=2026-11-01&to=2026-11-20').period).toEqual({ start: '2026-11-01', end: '2026-11-20' });
    expect(parse('from=2026-11-01').period).toEqual({ start: '2026-11-01', end: '' });
    expect(parse('from=yesterday&to=2026-11-20').period).toEqual({ start: '', end: '2026-11-20' });
  });

  it(`keeps at most ${MAX_DEVICES} devices, each once`, () => {
    const ids = Array.from({ length: 12 }, (_, i) => `d${i}`);
    expect(parse(`devices=d0,d0,${ids.join(',')}`).devices).toEqual(ids.slice(0, MAX_DEVICES));
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    const defaults = parse('');
    expect(paramsFromChoices(defaults).toString()).toBe('');
    const choices: ExplorerChoices = {
      devices: ['a', 'b'],
      metric: 'calculated_metrics.piezometric_level',
      fn: 'max',
      window: 'day',
      period: { start: '2026-11-01', end: '2026-11-20' },
    };
    const params = paramsFromChoices(choices);
    expect(Object.fromEntries(params)).toEqual({
      devices: 'a,b',
      metric: 'calculated_metrics.piezometric_level',
      fn: 'max',
      window: 'day',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(choicesFromParams(params)).toEqual(choices);
    const preset = { ...choices, period: { preset: 'lastWeek' as const } };
    expect(choicesFromParams(paramsFromChoices(preset))).toEqual(preset);
  });

  it('a new window selects its preset list with its default; a custom range stays', () => {
    const weekly = parse('window=week&preset=lastMonth');
    expect(withWindow(weekly, 'month').period).toEqual({ preset: 'thisYear' });
    expect(withWindow(weekly, 'day').period).toEqual({ preset: 'thisWeek' });
    expect(withWindow(weekly, 'hour').period).toEqual({ preset: 'sevenDays' });
    const custom = parse('from=2026-11-01&to=2026-11-20');
    expect(withWindow(custom, 'month').period).toEqual({ start: '2026-11-01', end: '2026-11-20' });
  });
});
