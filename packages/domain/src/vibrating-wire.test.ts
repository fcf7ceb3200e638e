import { describe, expect, it } from 'vitest';
import { compileSchemeSpec, deriveMetrics } from './derived-metrics.ts';
import {
  digitsFromFrequency,
  digitsFromPeriod,
  fieldZeroC,
  KPA_PER_METRE_OF_WATER,
  linearPressure,
  linearReading,
  polynomialPressure,
  VIBRATING_WIRE_FORMULAS,
} from './vibrating-wire.ts';

// Worked examples of published manufacturer manuals (the facts, not their text):
// - Geokon, Model 4500 Series Vibrating Wire Piezometer, Instruction Manual: §6.1 Pressure Calculation
//   (digits on channel B; 8000 digits ↔ 354 µs ↔ 2828 Hz), §6.2 Temperature Correction (K = +0.1319
//   kPa/°C, 22 °C → 15 °C: −0.92 kPa), Appendix C Improving the Accuracy of the Calculated Pressure
//   (G = −0.1795 kPa/digit, regression zero 9082, reading 6749 at 420 kPa: 418.8 kPa, an error of
//   1.2 kPa = 122 mm of water; the polynomial's C is the field value that gives P = 0 at the zero reading).
// - Geokon, Model 4580 Vibrating Wire Pressure Transducer, Instruction Manual: §4.1 Pressure Calculation
//   (9000 digits ↔ 333.3 µs ↔ 3000 Hz).
// - Geokon, Model 8020-59 Instruction Manual, Appendix D.2 Temperature Correction (K = −0.01879 psi/°C,
//   22 °C → 15 °C: +0.13 psi).

const piezometer = (pressure: string) =>
  compileSchemeSpec({
    metrics: {
      raw_metrics: [{ key: 'reading' }, { key: 'temperature' }],
      context_metrics: [{ key: 'tip_elevation' }],
      calculated_metrics: [
        { key: 'pressure', formula: pressure },
        { key: 'piezometric_level', formula: `tip_elevation + pressure / ${KPA_PER_METRE_OF_WATER}` },
      ],
    },
  });

describe('digits (B units) = Hz² / 1000', () => {
  it('4500 §6.1: 8000 digits is a period of 354 µs, a frequency of 2828 Hz', () => {
    expect(digitsFromFrequency(2828)).toBeCloseTo(8000, -1);
    // 354 µs is rounded to the microsecond: within 0.3 %
    expect(digitsFromPeriod(354e-6)).toBeCloseTo(8000, -2);
  });

  it('4580 §4.1: 9000 digits is a period of 333.3 µs, a frequency of 3000 Hz', () => {
    expect(digitsFromFrequency(3000)).toBe(9000);
    expect(digitsFromPeriod(333.3e-6)).toBeCloseTo(9000, -1);
  });
});

describe('linear form P = G·(R₁ − R₀) + K·(T₁ − T₀)', () => {
  it('4500 Appendix C: G = −0.1795 kPa/digit from 9082 to 6749 digits gives 418.8 kPa, 1.2 kPa (122 mm of water) short of 420', () => {
    const sheet = { G: -0.1795, R0: 9082, K: 0, T0: 20 };
    const pressure = linearPressure(sheet, 6749, 20);
    expect(pressure).toBeCloseTo(418.8, 1);
    expect(420 - pressure).toBeCloseTo(1.2, 1);
    expect(((420 - pressure) / KPA_PER_METRE_OF_WATER) * 1000).toBeCloseTo(122, -1);
  });

  it('4500 §6.2: K = +0.1319 kPa/°C from 22 °C to 15 °C corrects by −0.92 kPa', () => {
    expect(linearPressure({ G: -0.1795, R0: 9082, K: 0.1319, T0: 22 }, 9082, 15)).toBeCloseTo(-0.92, 2);
  });

  it('8020-59 D.2: K = −0.01879 psi/°C from 22 °C to 15 °C corrects by +0.13 psi', () => {
    expect(linearPressure({ G: -0.0001954, R0: 2509, K: -0.01879, T0: 22 }, 2509, 15)).toBeCloseTo(0.13, 2);
  });

  it('computes the same through the scheme formula with cal.G, cal.R0, cal.K and cal.T0, and the level in metres of water', () => {
    const sheet = { G: -0.1795, R0: 9082, K: 0.1319, T0: 22 };
    const at = deriveMetrics(
      piezometer(VIBRATING_WIRE_FORMULAS.linear),
      { reading: 6749, temperature: 15 },
      { tip_elevation: 1100 },
      sheet,
    );
    expect(at.calculated_metrics.pressure).toBeCloseTo(418.8 - 0.92, 1);
    expect(at.calculated_metrics.piezometric_level).toBeCloseTo(1100 + (418.8 - 0.92) / 9.8068, 2);
  });

  it('inverts: the reading that gives a pressure at a temperature gives it back', () => {
    const sheet = { G: -0.1795, R0: 9082, K: 0.1319, T0: 22 };
    for (const [pressure, temperature] of [
      [0, 22],
      [418.8, 15],
      [35.2, 10.4],
    ] as const) {
      const reading = linearReading(sheet, pressure, temperature);
      expect(linearPressure(sheet, reading, temperature)).toBeCloseTo(pressure, 9);
    }
    expect(linearReading(sheet, 0, 22)).toBe(9082);
  });
});

describe('polynomial form A·R² + B·R + C', () => {
  // A and B of a calibration sheet; C taken in the field from the zero reading, as the manual asks
  const A = 1.276e-7;
  const B = -0.1588;
  const zero = 9082;
  const C = fieldZeroC(A, B, zero);

  it('4500 Appendix C: with the field C, the pressure is zero at the field zero reading', () => {
    expect(polynomialPressure({ A, B, C }, zero)).toBeCloseTo(0, 9);
  });

  it('computes the same through the scheme formula with cal.A, cal.B and cal.C', () => {
    const at = deriveMetrics(
      piezometer(VIBRATING_WIRE_FORMULAS.polynomial),
      { reading: 6749, temperature: 15 },
      { tip_elevation: 1100 },
      { A, B, C },
    );
    expect(at.calculated_metrics.pressure).toBeCloseTo(polynomialPressure({ A, B, C }, 6749), 9);
    expect(at.calculated_metrics.pressure).toBeGreaterThan(0);
  });

  it('with A = 0 it is the linear form: B is G and C is −G·R₀', () => {
    const G = -0.1795;
    expect(polynomialPressure({ A: 0, B: G, C: fieldZeroC(0, G, zero) }, 6749)).toBeCloseTo(
      linearPressure({ G, R0: zero, K: 0, T0: 0 }, 6749, 0),
      9,
    );
  });
});
