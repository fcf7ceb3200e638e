import { describe, expect, it } from 'vitest';
import { piezometer, pressureFor } from '../test-support/piezometer.ts';
import { checkDevice, checkRawValue } from './value-checks.ts';

const pressure = { key: 'pressure', label: 'Pressure', unit: 'kPa' };

describe('a value as it is typed', () => {
  it('is refused beyond the scheme’s invalid bounds, on either side', () => {
    const device = piezometer();
    expect(checkRawValue(device, pressure, '2000.1')).toMatchObject({ kind: 'refused', range: { upper: 2000 } });
    expect(checkRawValue(device, pressure, '-51')).toMatchObject({ kind: 'refused', range: { lower: -50 } });
    expect(checkRawValue(device, pressure, '2000')).toMatchObject({ kind: 'ok', value: 2000 });
    expect(checkRawValue(device, pressure, 'x')).toEqual({ kind: 'notNumber' });
    expect(checkRawValue(device, pressure, '')).toEqual({ kind: 'empty' });
  });

  it('names the most severe limit a raw metric’s own value reaches', () => {
    const device = piezometer([
      { group: 'raw_metrics', metric: 'pressure', level: 'warning', bound: 'upper', value: 100 },
      { group: 'raw_metrics', metric: 'pressure', level: 'critical', bound: 'upper', value: 150 },
      { group: 'raw_metrics', metric: 'pressure', level: 'warning', bound: 'lower', value: 0 },
    ]);
    expect(checkRawValue(device, pressure, '99.9')).toMatchObject({ kind: 'ok', hit: null });
    expect(checkRawValue(device, pressure, '100')).toMatchObject({ hit: { level: 'warning', limit: { value: 100 } } });
    expect(checkRawValue(device, pressure, '150')).toMatchObject({ hit: { level: 'critical', limit: { value: 150 } } });
    expect(checkRawValue(device, pressure, '-1')).toMatchObject({
      hit: { level: 'warning', limit: { bound: 'lower' } },
    });
  });
});

describe('a device’s values, checked before they are sent', () => {
  it('computes the piezometric level from pressure and the tip elevation and warns at its limits', () => {
    const device = piezometer();
    const quiet = checkDevice(device, { pressure: String(pressureFor(105)) });
    expect(quiet.calculated[0]).toMatchObject({ value: expect.closeTo(105, 6), hit: null });
    expect(quiet.level).toBeNull();

    const warning = checkDevice(device, { pressure: String(pressureFor(111)) });
    expect(warning.calculated[0]).toMatchObject({ hit: { level: 'warning', limit: { value: 110 } } });
    expect(warning.level).toBe('warning');

    const critical = checkDevice(device, { pressure: pressureFor(116.5).toFixed(2).replace('.', ',') });
    expect(critical.calculated[0]).toMatchObject({ value: expect.closeTo(116.5, 2), hit: { level: 'critical' } });
    expect(critical.level).toBe('critical');
    expect(critical.hasErrors).toBe(false);
    expect(critical.values).toEqual({ pressure: Number(pressureFor(116.5).toFixed(2)) });
  });

  it('evaluates formulas in their order, each over the values before it', () => {
    const check = checkDevice(piezometer(), { pressure: String(pressureFor(112)) });
    expect(check.calculated.map((c) => [c.metric.key, c.value])).toEqual([
      ['piezometric_level', expect.closeTo(112, 6)],
      ['head', expect.closeTo(12, 6)],
    ]);
  });

  it('leaves calculated metrics blank until the values they need are typed', () => {
    const check = checkDevice(piezometer(), { temperature: '14' });
    expect(check.calculated.map((c) => c.value)).toEqual([null, null]);
    expect(check.values).toEqual({ temperature: 14 });
    expect(check.level).toBeNull();
  });

  it('has errors when a value is not a number, is refused, or makes a calculated metric impossible', () => {
    expect(checkDevice(piezometer(), { pressure: '12..' }).hasErrors).toBe(true);
    expect(checkDevice(piezometer(), { pressure: '2500' }).hasErrors).toBe(true);
    // 1500 kPa is a possible pressure, but 153 m of head above the tip is beyond the head's bound
    const impossible = checkDevice(piezometer(), { pressure: '1500' });
    expect(impossible.hasErrors).toBe(true);
    expect(impossible.calculated[1]).toMatchObject({ refused: { upper: 150 }, hit: null });
    expect(checkDevice(piezometer(), { pressure: '50', temperature: '' }).hasErrors).toBe(false);
  });

  it('a refused raw value is left out of the formulas, as ingest leaves it out', () => {
    const check = checkDevice(piezometer(), { pressure: '2500' });
    expect(check.calculated[0]!.value).toBeNull();
    expect(check.values).toEqual({});
  });
});
