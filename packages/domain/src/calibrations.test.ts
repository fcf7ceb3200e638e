import { describe, expect, it } from 'vitest';
import { calibrationCreateBody, factorsInEffect } from './calibrations.ts';
import { compileSchemeSpec, deriveMetrics } from './derived-metrics.ts';
import { compileExpression, expressionError } from './expressions.ts';

// Worked examples of vibrating-wire piezometer data reduction, with the facts of published
// manufacturer manuals (Geokon 4500 series): digits = Hz² / 1000 (8000 digits ↔ 2828 Hz);
// P = G·(R₁ − R₀) + K·(T₁ − T₀); a thermal factor K of +0.1319 kPa/°C from 22 °C to 15 °C corrects
// by −0.92 kPa; the polynomial A·R² + B·R + C takes C from the field zero reading (P = 0 at R₀);
// 1 kPa is 0.10197 m of water, i.e. level = tip elevation + P / 9.8068.

const scheme = (formulas: Record<string, string>) =>
  compileSchemeSpec({
    metrics: {
      raw_metrics: [{ key: 'reading' }, { key: 'temperature' }],
      context_metrics: [{ key: 'tip_elevation' }],
      calculated_metrics: Object.entries(formulas).map(([key, formula]) => ({ key, formula })),
    },
  });

const linear = scheme({
  pressure: 'cal.G * (reading - cal.R0) + cal.K * (temperature - cal.T0)',
  piezometric_level: 'tip_elevation + pressure / 9.8068',
});

describe('vibrating-wire linear form P = G·(R₁ − R₀) + K·(T₁ − T₀)', () => {
  const sheet = { G: -0.1557, R0: 8000, K: 0.1319, T0: 22 };

  it('reads 8000 digits from a 2828 Hz wire, as the manual states', () => {
    expect(2828 ** 2 / 1000).toBeCloseTo(8000, -1);
  });

  it('corrects by −0.92 kPa for a thermal factor of 0.1319 kPa/°C from 22 °C to 15 °C', () => {
    const at = deriveMetrics(linear, { reading: 8000, temperature: 15 }, { tip_elevation: 1100 }, sheet);
    expect(at.calculated_metrics.pressure).toBeCloseTo(-0.92, 2);
  });

  it('gives pressure in kPa and level in metres of water above the tip', () => {
    // 1000 digits fewer than the zero reading at G = −0.1557 kPa/digit: 155.7 kPa, 15.877 m of water
    const at = deriveMetrics(linear, { reading: 7000, temperature: 22 }, { tip_elevation: 1100 }, sheet);
    expect(at.calculated_metrics.pressure).toBeCloseTo(155.7, 6);
    expect(at.calculated_metrics.piezometric_level).toBeCloseTo(1100 + 155.7 / 9.8068, 9);
    expect(at.calculated_metrics.piezometric_level).toBeCloseTo(1115.877, 3);
  });

  it('sets a formula aside with a reason when the calibration lacks a factor it reads, never a wrong number', () => {
    const { K: _, ...withoutK } = sheet;
    const at = deriveMetrics(linear, { reading: 7000, temperature: 22 }, { tip_elevation: 1100 }, withoutK);
    expect(at.calculated_metrics).toEqual({});
    expect(at.invalid_reasons).toEqual({ pressure: 'The calibration in effect has no factor cal.K' });
  });

  it('sets it aside when no calibration is in effect', () => {
    const at = deriveMetrics(linear, { reading: 7000, temperature: 22 }, { tip_elevation: 1100 });
    expect(at.invalid_reasons).toEqual({ pressure: 'No calibration in effect at read_at' });
  });
});

describe('polynomial form A·R² + B·R + C', () => {
  const poly = scheme({ pressure: 'cal.A * reading ** 2 + cal.B * reading + cal.C' });
  const A = 1.276e-7;
  const B = -0.1588;
  const R0 = 8981;
  // the field C puts P = 0 at the zero reading
  const C = -(A * R0 ** 2 + B * R0);

  it('reads zero at the field zero reading and follows the curve elsewhere', () => {
    expect(deriveMetrics(poly, { reading: R0 }, {}, { A, B, C }).calculated_metrics.pressure).toBeCloseTo(0, 9);
    const R = 7500;
    expect(deriveMetrics(poly, { reading: R }, {}, { A, B, C }).calculated_metrics.pressure).toBeCloseTo(
      A * R * R + B * R + C,
      9,
    );
  });
});

describe('the calibration in effect', () => {
  const calibrations = [
    { from: Date.parse('2026-01-01T00:00:00Z'), factors: { R0: 1 } },
    { from: Date.parse('2026-06-01T00:00:00Z'), factors: { R0: 2 } },
  ];

  it('is the latest starting at or before the time, none before the first', () => {
    expect(factorsInEffect(calibrations, Date.parse('2025-12-31T23:59:59Z'))).toBeUndefined();
    expect(factorsInEffect(calibrations, Date.parse('2026-01-01T00:00:00Z'))).toEqual({ R0: 1 });
    expect(factorsInEffect(calibrations, Date.parse('2026-05-31T23:59:59Z'))).toEqual({ R0: 1 });
    expect(factorsInEffect(calibrations, Date.parse('2026-06-01T00:00:00Z'))).toEqual({ R0: 2 });
    expect(factorsInEffect([], 0)).toBeUndefined();
  });

  it('refuses factors that are not finite numbers, and names that are not identifiers', () => {
    const body = (factors: unknown) =>
      calibrationCreateBody.safeParse({ effective_from: '2026-01-01T00:00:00Z', factors }).success;
    expect(body({ G: 0.1557 })).toBe(true);
    expect(body({ G: Infinity })).toBe(false);
    expect(body({ G: NaN })).toBe(false);
    expect(body({ G: '0.1' })).toBe(false);
    expect(body({ '1G': 1 })).toBe(false);
    expect(body({ 'G.x': 1 })).toBe(false);
  });
});

describe('cal.<name> in formulas', () => {
  it('is one name read from the scope; no other member access parses', () => {
    const expression = compileExpression('cal.G * (reading - cal.R0)');
    expect(expression.variables.sort()).toEqual(['cal.G', 'cal.R0', 'reading']);
    expect(expression.evaluate({ 'cal.G': 2, 'cal.R0': 10, reading: 15 })).toBe(10);
    for (const source of ['cal["G"]', 'cal.G.x', 'reading.length', 'constructor.name'])
      expect(expressionError(source), source).toBeDefined();
  });
});
