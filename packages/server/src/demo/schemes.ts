import type {
  CalculatedMetricDefinition,
  InvalidBound,
  MetricDefinition,
  MetricLimit,
  SchemeSpec,
} from '@vigil/domain';
import { VIBRATING_WIRE_FORMULAS } from '@vigil/domain';
import type { DemoScheme } from './device-types.ts';

/** The demo's schemes: the metrics, formulas, limits and invalid bounds the devices of both projects share. */

export const m = (key: string, label: string, unit: string, decimals = 2): MetricDefinition => ({
  key,
  label,
  unit,
  decimals,
});
export const limit = (
  group: MetricLimit['group'],
  metric: string,
  level: MetricLimit['level'],
  bound: MetricLimit['bound'],
  value: number,
): MetricLimit => ({ group, metric, level, bound, value });
export const spec = (parts: {
  raw: MetricDefinition[];
  calculated?: CalculatedMetricDefinition[];
  context?: MetricDefinition[];
  user?: MetricDefinition[];
  limits?: MetricLimit[];
  invalid?: InvalidBound[];
}): SchemeSpec => ({
  metrics: {
    raw_metrics: parts.raw,
    calculated_metrics: parts.calculated ?? [],
    context_metrics: parts.context ?? [],
    user_metrics: parts.user ?? [],
  },
  metric_limits: parts.limits ?? [],
  invalid_bounds: parts.invalid ?? [],
});
/** Values outside [lower, upper] are physically impossible for the sensor: ingest marks them invalid. */
export const bound = (metric: string, side: InvalidBound['bound'], value: number): InvalidBound => ({
  group: 'raw_metrics',
  metric,
  bound: side,
  value,
});
export const between = (metric: string, lower: number, upper: number) => [
  bound(metric, 'lower', lower),
  bound(metric, 'upper', upper),
];
export const KPA_PER_M = 9.8068;

export const PIEZOMETER: DemoScheme = {
  name: 'VW piezometer',
  type: 'phreatic_surface',
  spec: spec({
    raw: [m('pressure', 'Pore water pressure', 'kPa'), m('temperature', 'Temperature', '°C', 1)],
    context: [m('tip_elevation', 'Tip elevation', 'm')],
    calculated: [
      { ...m('piezometric_level', 'Piezometric level', 'm'), formula: `tip_elevation + pressure / ${KPA_PER_M}` },
    ],
    invalid: [...between('pressure', -20, 700), ...between('temperature', -30, 70)],
  }),
  noise: { pressure: 0.25, temperature: 0.05 },
};

/**
 * The demo's piezometers report what the wire gives, digits (B units, Hz² / 1000) and temperature; the
 * pressure comes from each sensor's own calibration sheet by the maker's linear form, the level from
 * the tip elevation (issue 34). Readings below 1000 or above 12500 digits are no vibrating wire's.
 * `decimals`: the digits the logger records; a 700 kPa sensor (about 0.18 kPa a digit) needs 0.01 digit
 * for pressures to the hundredth of a kPa, as they were shown when its loggers sent kPa.
 */
export const digitsPiezometer = (decimals: number): DemoScheme => ({
  name: PIEZOMETER.name,
  type: 'phreatic_surface',
  spec: spec({
    raw: [m('reading', 'Reading', 'digits', decimals), m('temperature', 'Temperature', '°C', 1)],
    context: [m('tip_elevation', 'Tip elevation', 'm')],
    calculated: [
      { ...m('pressure', 'Pore water pressure', 'kPa'), formula: VIBRATING_WIRE_FORMULAS.linear },
      { ...m('piezometric_level', 'Piezometric level', 'm'), formula: `tip_elevation + pressure / ${KPA_PER_M}` },
    ],
    invalid: [...between('reading', 1000, 12500), ...between('temperature', -30, 70)],
  }),
  noise: PIEZOMETER.noise,
  sensor: { physics: PIEZOMETER.spec, output: 'vibrating-wire' },
});

export const INCLINOMETER: DemoScheme = {
  name: 'In-place inclinometer chain',
  type: 'displacement',
  spec: spec({
    raw: [m('a_axis', 'A-axis cumulative displacement', 'mm'), m('b_axis', 'B-axis cumulative displacement', 'mm')],
    context: [m('top_elevation', 'Top of casing elevation', 'm'), m('node_spacing', 'Node spacing', 'm')],
    calculated: [{ ...m('resultant', 'Resultant displacement', 'mm'), formula: 'sqrt(a_axis ** 2 + b_axis ** 2)' }],
    limits: [
      limit('calculated_metrics', 'resultant', 'warning', 'upper', 25),
      limit('calculated_metrics', 'resultant', 'critical', 'upper', 40),
    ],
    invalid: [...between('a_axis', -250, 250), ...between('b_axis', -250, 250)],
  }),
  noise: { a_axis: 0.08, b_axis: 0.08 },
};

export const SETTLEMENT: DemoScheme = {
  name: 'VW settlement cell',
  type: 'displacement',
  spec: spec({
    raw: [m('pressure', 'Liquid pressure', 'kPa', 3), m('temperature', 'Temperature', '°C', 1)],
    context: [m('reference_pressure', 'Pressure at installation', 'kPa', 3)],
    calculated: [
      {
        ...m('settlement', 'Settlement', 'mm', 1),
        formula: `(pressure - reference_pressure) / ${KPA_PER_M} * 1000`,
      },
    ],
    limits: [
      limit('calculated_metrics', 'settlement', 'warning', 'upper', 60),
      limit('calculated_metrics', 'settlement', 'critical', 'upper', 100),
    ],
    invalid: [...between('pressure', 0, 350)],
  }),
  noise: { pressure: 0.01, temperature: 0.05 },
};

export const POND_LEVEL: DemoScheme = {
  name: 'Pond level transducer',
  type: 'water_level',
  spec: spec({
    raw: [m('pressure', 'Water pressure', 'kPa'), m('temperature', 'Water temperature', '°C', 1)],
    context: [m('sensor_elevation', 'Sensor elevation', 'm'), m('crest_elevation', 'Crest elevation', 'm')],
    calculated: [
      { ...m('water_level', 'Pond water level', 'm'), formula: `sensor_elevation + pressure / ${KPA_PER_M}` },
      { ...m('freeboard', 'Freeboard', 'm'), formula: 'crest_elevation - water_level' },
    ],
    limits: [
      limit('calculated_metrics', 'freeboard', 'warning', 'lower', 4),
      limit('calculated_metrics', 'freeboard', 'critical', 'lower', 3),
    ],
    invalid: [...between('pressure', -5, 350)],
  }),
  noise: { pressure: 0.05, temperature: 0.1 },
};

export const RIVER_LEVEL: DemoScheme = {
  name: 'River level gauge',
  type: 'water_level',
  spec: spec({
    raw: [m('distance_to_water', 'Distance to water surface', 'm', 3)],
    context: [m('sensor_elevation', 'Radar sensor elevation', 'm AOD', 3)],
    calculated: [{ ...m('river_level', 'River level', 'm AOD'), formula: 'sensor_elevation - distance_to_water' }],
    limits: [
      limit('calculated_metrics', 'river_level', 'warning', 'upper', 8),
      limit('calculated_metrics', 'river_level', 'critical', 'upper', 9.5),
    ],
    invalid: [...between('distance_to_water', 0.3, 15)],
  }),
  noise: { distance_to_water: 0.004 },
};

export const WEATHER: DemoScheme = {
  name: 'Automatic weather station',
  type: 'meteorological',
  spec: spec({
    raw: [
      m('air_temperature', 'Air temperature', '°C', 1),
      m('rainfall', 'Rainfall', 'mm', 1),
      m('humidity', 'Relative humidity', '%', 0),
      m('pressure', 'Barometric pressure', 'hPa', 1),
      m('wind_speed', 'Wind speed', 'm/s', 1),
      m('wind_direction', 'Wind direction', '°', 0),
    ],
    limits: [
      limit('raw_metrics', 'rainfall', 'warning', 'upper', 10),
      limit('raw_metrics', 'rainfall', 'critical', 'upper', 25),
      limit('raw_metrics', 'wind_speed', 'warning', 'upper', 20),
    ],
    invalid: [
      ...between('air_temperature', -40, 60),
      bound('rainfall', 'lower', 0),
      ...between('humidity', 0, 100),
      bound('wind_speed', 'lower', 0),
      ...between('wind_direction', 0, 360),
    ],
  }),
  noise: { air_temperature: 0.3, rainfall: 0, humidity: 2, pressure: 0.4, wind_speed: 1.2, wind_direction: 25 },
};

export const LOGGER: DemoScheme = {
  name: 'Data logger',
  type: 'standard',
  spec: spec({
    raw: [m('battery_voltage', 'Battery voltage', 'V'), m('logger_temperature', 'Logger temperature', '°C', 1)],
    limits: [
      limit('raw_metrics', 'battery_voltage', 'warning', 'lower', 12),
      limit('raw_metrics', 'battery_voltage', 'critical', 'lower', 11.5),
      limit('raw_metrics', 'logger_temperature', 'warning', 'upper', 55),
    ],
    invalid: [...between('battery_voltage', 0, 30)],
  }),
  noise: { battery_voltage: 0.03, logger_temperature: 0.4 },
};

export const PHREATIC_SECTION: DemoScheme = {
  name: 'Phreatic surface section',
  type: 'phreatic_surface',
  spec: spec({
    raw: [
      m('mean_piezometric_level', 'Mean piezometric level', 'm'),
      m('max_piezometric_level', 'Highest piezometric level', 'm'),
    ],
    context: [m('crest_elevation', 'Crest elevation', 'm')],
    calculated: [
      { ...m('crest_margin', 'Margin below crest', 'm'), formula: 'crest_elevation - max_piezometric_level' },
    ],
  }),
  noise: { mean_piezometric_level: 0.02, max_piezometric_level: 0.03 },
};
