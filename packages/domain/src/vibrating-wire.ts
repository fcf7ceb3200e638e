/**
 * Data reduction of vibrating-wire sensors as their makers' manuals give it: readouts show "digits"
 * (B units, Hz² / 1000); a calibration sheet gives a linear gauge factor G with a zero reading R₀
 * and a thermal factor K from a temperature T₀, or a second-order polynomial A·R² + B·R + C. Scheme
 * formulas compute the same with `cal.<name>` (ADR 0038); these helpers serve tests and the demo,
 * which inverts a calibration to produce the digits a sensor would send.
 */

/** kPa in one metre of water (at 4 °C, g = 9.80665): level = tip elevation + P / 9.8068. */
export const KPA_PER_METRE_OF_WATER = 9.8068;

/** The formulas of a vibrating-wire piezometer's pressure, as a scheme writes them (kPa from digits and °C). */
export const VIBRATING_WIRE_FORMULAS = {
  linear: 'cal.G * (reading - cal.R0) + cal.K * (temperature - cal.T0)',
  polynomial: 'cal.A * reading ** 2 + cal.B * reading + cal.C',
} as const;

/** Digits (B units) of a wire vibrating at `hz`. */
export const digitsFromFrequency = (hz: number) => (hz * hz) / 1000;

/** Digits of a wire whose period is `seconds` (readouts show µs). */
export const digitsFromPeriod = (seconds: number) => 1 / (seconds * seconds) / 1000;

/** A linear calibration: G per digit, zero reading R0 (digits), K per °C from T0 (°C). */
export interface LinearCalibration {
  G: number;
  R0: number;
  K: number;
  T0: number;
}

/** P = G·(R₁ − R₀) + K·(T₁ − T₀), in the sheet's units (kPa for the demo). */
export const linearPressure = (c: LinearCalibration, reading: number, temperature: number) =>
  c.G * (reading - c.R0) + c.K * (temperature - c.T0);

/** The reading R₁ that gives `pressure` at `temperature`: the linear form inverted. */
export const linearReading = (c: LinearCalibration, pressure: number, temperature: number) =>
  c.R0 + (pressure - c.K * (temperature - c.T0)) / c.G;

export interface PolynomialCalibration {
  A: number;
  B: number;
  C: number;
}

/** P = A·R² + B·R + C. */
export const polynomialPressure = (c: PolynomialCalibration, reading: number) =>
  c.A * reading * reading + c.B * reading + c.C;

/** The field value of C: the one that puts P = 0 at the zero reading taken on site. */
export const fieldZeroC = (A: number, B: number, zeroReading: number) => -(A * zeroReading ** 2 + B * zeroReading);
