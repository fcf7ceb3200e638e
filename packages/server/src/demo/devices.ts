import type {
  CalculatedMetricDefinition,
  EntityType,
  InvalidBound,
  MetricDefinition,
  MetricLimit,
  SchemeSpec,
  SchemeType,
} from '@vigil/domain';
import { VIBRATING_WIRE_FORMULAS } from '@vigil/domain';
import { vibratingWireSheet, type DemoCalibration, type SensorOutput } from './calibrations.ts';

/**
 * The demo site's devices (DESIGN §4): schemes, instruments, interface nodes, virtual devices, groups
 * and data points of both projects. The history generator reads the same data (cadence, baselines,
 * noise) so that the readings it makes fit the devices that are seeded.
 */

export interface DemoScheme {
  name: string;
  type: SchemeType;
  spec: SchemeSpec;
  /** typical scatter (one standard deviation) of each raw metric between readings */
  noise: Record<string, number>;
  /**
   * A sensor that sends what its transducer gives (digits) rather than engineering units: the demo's
   * physics runs on `physics` (whose raw metrics the baselines and noise name) and `output` turns
   * its values into the raw metrics of `spec` with the device's calibration in effect.
   */
  sensor?: { physics: SchemeSpec; output: SensorOutput };
}

export interface DemoDataPoint {
  title: string;
  identifier: string;
  /** raw metric values of this data point */
  baseline: Record<string, number>;
}

export interface DemoRule {
  rule: string;
  rule_description: string;
  /** the safety state when the rule holds (ADR 0011); critical rules come first */
  state: 'red' | 'orange';
}

export interface DemoDevice {
  eid: string;
  kind: EntityType;
  title: string;
  description: string;
  /** scheme name, unique in the site */
  scheme: string;
  /** eid of the interface node (data logger) that reads it */
  interfaceNode: string | null;
  /** [longitude, latitude] */
  location: [number, number];
  context: Record<string, number>;
  /** the device's own limits; the scheme's apply otherwise */
  limits: MetricLimit[];
  safetyRules: DemoRule[];
  /** operational state rules (ADR 0011); none when absent */
  operationalRules?: Array<Omit<DemoRule, 'state'> & { state: 'yellow' | 'orange' | 'blue' }>;
  /** advanced indicators: a name and an expression that raises them */
  indicators?: Array<{ name: string; rule: string }>;
  /** seconds between payloads promised by the contract */
  contractedSlaTime: number;
  /** minutes between readings */
  cadenceMinutes: number;
  /** raw metric values around which readings vary; empty when the data points carry them */
  baseline: Record<string, number>;
  dataPoints: DemoDataPoint[];
  labels: string[];
  assetCertificate: string | null;
  /** the device was installed (created) this many days before the seed */
  installedDaysAgo: number;
  /** the calibration sheets of its sensor, oldest first (schemes reading `cal.<name>`) */
  calibrations?: DemoCalibration[];
}

export interface DemoGroup {
  title: string;
  type: 'area' | 'instrument-type';
  /** eids */
  members: string[];
}

export interface DemoDeviceSite {
  schemes: DemoScheme[];
  devices: DemoDevice[];
  groups: DemoGroup[];
}

const m = (key: string, label: string, unit: string, decimals = 2): MetricDefinition => ({
  key,
  label,
  unit,
  decimals,
});
const limit = (
  group: MetricLimit['group'],
  metric: string,
  level: MetricLimit['level'],
  bound: MetricLimit['bound'],
  value: number,
): MetricLimit => ({ group, metric, level, bound, value });
const spec = (parts: {
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
const bound = (metric: string, side: InvalidBound['bound'], value: number): InvalidBound => ({
  group: 'raw_metrics',
  metric,
  bound: side,
  value,
});
const between = (metric: string, lower: number, upper: number) => [
  bound(metric, 'lower', lower),
  bound(metric, 'upper', upper),
];
const KPA_PER_M = 9.8068;

const PIEZOMETER: DemoScheme = {
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
 * Ouse's piezometers report what the wire gives, digits (B units, Hz² / 1000) and temperature; the
 * pressure comes from each sensor's own calibration sheet by the maker's linear form, the level from
 * the tip elevation (issue 34). Readings below 1000 or above 12500 digits are no vibrating wire's.
 */
const DIGITS_PIEZOMETER: DemoScheme = {
  name: PIEZOMETER.name,
  type: 'phreatic_surface',
  spec: spec({
    raw: [m('reading', 'Reading', 'digits', 1), m('temperature', 'Temperature', '°C', 1)],
    context: [m('tip_elevation', 'Tip elevation', 'm')],
    calculated: [
      { ...m('pressure', 'Pore water pressure', 'kPa'), formula: VIBRATING_WIRE_FORMULAS.linear },
      { ...m('piezometric_level', 'Piezometric level', 'm'), formula: `tip_elevation + pressure / ${KPA_PER_M}` },
    ],
    invalid: [...between('reading', 1000, 12500), ...between('temperature', -30, 70)],
  }),
  noise: PIEZOMETER.noise,
  sensor: { physics: PIEZOMETER.spec, output: 'vibrating-wire' },
};

const INCLINOMETER: DemoScheme = {
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

const SETTLEMENT: DemoScheme = {
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

const POND_LEVEL: DemoScheme = {
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

const RIVER_LEVEL: DemoScheme = {
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

const WEATHER: DemoScheme = {
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

const LOGGER: DemoScheme = {
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

const PHREATIC_SECTION: DemoScheme = {
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

/** Positions along a straight crest: `chainage` 0..1 from one abutment, `offset` metres upstream (+). */
function crestLine(start: [number, number], end: [number, number]) {
  const metresPerLat = 110_600;
  const metresPerLon = 111_320 * Math.cos((((start[1] + end[1]) / 2) * Math.PI) / 180);
  const dx = (end[0] - start[0]) * metresPerLon;
  const dy = (end[1] - start[1]) * metresPerLat;
  const length = Math.hypot(dx, dy);
  const [nx, ny] = [-dy / length, dx / length];
  return (chainage: number, offset: number): [number, number] => [
    Number((start[0] + (dx * chainage + nx * offset) / metresPerLon).toFixed(6)),
    Number((start[1] + (dy * chainage + ny * offset) / metresPerLat).toFixed(6)),
  ];
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
/** Limits are set in half metres, as designers write them. */
const toHalf = (value: number) => Math.round(value * 2) / 2;
const pad = (n: number) => String(n).padStart(2, '0');

interface PiezometerPlan {
  n: number;
  section: string;
  zone: string;
  chainage: number;
  offset: number;
  tip: number;
  level: number;
  /** margins above the usual level for the warning and critical limits */
  margins: [number, number];
  logger: string;
  temperature: number;
  installedDaysAgo: number;
  /** the sensor's calibration sheets: the device then sends digits (DIGITS_PIEZOMETER) */
  calibrations?: DemoCalibration[];
  /** the first serial number of the site's batch of sensors */
  serialBase?: number;
}

function piezometer(p: PiezometerPlan, at: (chainage: number, offset: number) => [number, number]): DemoDevice {
  const [warning, critical] = [toHalf(p.level + p.margins[0]), toHalf(p.level + p.margins[1])];
  const eid = `PZ-${pad(p.n)}`;
  return {
    eid,
    kind: 'instrument',
    title: `${eid} ${p.zone}`,
    description: `Vibrating-wire piezometer, ${p.section}, ${p.zone.toLowerCase()}; tip at ${p.tip.toFixed(1)} m.`,
    scheme: PIEZOMETER.name,
    interfaceNode: p.logger,
    location: at(p.chainage, p.offset),
    context: { tip_elevation: p.tip },
    limits: [
      limit('calculated_metrics', 'piezometric_level', 'warning', 'upper', warning),
      limit('calculated_metrics', 'piezometric_level', 'critical', 'upper', critical),
    ],
    safetyRules: [
      {
        rule: `piezometric_level > ${critical}`,
        rule_description: `Critical: piezometric level above ${critical} m, the design phreatic surface at this location.`,
        state: 'red',
      },
      {
        rule: `piezometric_level > ${warning}`,
        rule_description: `Warning: piezometric level above ${warning} m; inspect the section and the drains.`,
        state: 'orange',
      },
    ],
    operationalRules: [
      {
        rule: `piezometric_level > ${warning}`,
        rule_description: 'Read every 15 minutes and inspect the drains of the section.',
        state: 'yellow',
      },
    ],
    indicators: [{ name: 'Above the design phreatic surface', rule: `piezometric_level > ${critical}` }],
    contractedSlaTime: 3600,
    cadenceMinutes: 30,
    baseline: { pressure: round((p.level - p.tip) * KPA_PER_M), temperature: p.temperature },
    dataPoints: [],
    labels: [p.section.toLowerCase().replaceAll(' ', '-'), 'piezometer'],
    assetCertificate: `Calibration certificate VW-4500S-${(p.serialBase ?? 21_400) + p.n * 7}`,
    installedDaysAgo: p.installedDaysAgo,
    ...(p.calibrations ? { calibrations: p.calibrations } : {}),
  };
}

function logger(
  eid: string,
  title: string,
  location: [number, number],
  baseline: Record<string, number>,
  area: string,
): DemoDevice {
  return {
    eid,
    kind: 'interface-node',
    title: `${eid} ${title}`,
    description: `Solar-powered data logger with cellular telemetry, ${area}.`,
    scheme: LOGGER.name,
    interfaceNode: null,
    location,
    context: {},
    limits: [],
    safetyRules: [],
    operationalRules: [
      {
        rule: 'battery_voltage < 11.8',
        rule_description: 'Battery low: the logger will shut down below 11.5 V; send a technician.',
        state: 'orange',
      },
      {
        rule: 'logger_temperature > 50',
        rule_description: 'Enclosure hot: readings may drift; check the sun shield.',
        state: 'yellow',
      },
    ],
    indicators: [{ name: 'Charging fault', rule: 'battery_voltage < 12.2 && logger_temperature > 25' }],
    contractedSlaTime: 900,
    cadenceMinutes: 10,
    baseline,
    dataPoints: [],
    labels: ['logger', area.toLowerCase().replaceAll(' ', '-')],
    assetCertificate: null,
    installedDaysAgo: 420,
  };
}

// ---------------------------------------------------------------- Cerro Azul TSF (Atacama, Chile)

export const CERRO_CREST = 1180;
export const cerroAt = crestLine([-70.3395, -27.3625], [-70.3245, -27.3715]);

/** Per section: zone, offset from the crest axis (m, + upstream), tip elevation and usual level. */
export const CERRO_PROFILE: Array<[zone: string, offset: number, tip: number, level: number]> = [
  ['Upstream beach', 35, 1141.5, 1168.4],
  ['Crest, upstream edge', 6, 1138.0, 1166.2],
  ['Crest axis', -6, 1136.5, 1163.9],
  ['Downstream shell, upper', -45, 1134.0, 1158.7],
  ['Downstream shell, mid', -85, 1131.0, 1152.3],
  ['Downstream shell, lower', -125, 1128.5, 1146.0],
  ['Downstream toe', -160, 1126.0, 1139.8],
  ['Toe drain outlet', -195, 1124.5, 1135.1],
];
export const CERRO_SECTIONS = [
  { name: 'Section A', chainage: 0.25, logger: 'DL-01', lift: -0.6 },
  { name: 'Section B', chainage: 0.5, logger: 'DL-02', lift: 1.2 },
  { name: 'Section C', chainage: 0.75, logger: 'DL-03', lift: -0.2 },
];

const cerroPiezometers = CERRO_SECTIONS.flatMap((section, s) =>
  CERRO_PROFILE.map(([zone, offset, tip, level], i) =>
    piezometer(
      {
        n: s * 8 + i + 1,
        section: section.name,
        zone,
        chainage: section.chainage + (i % 2 ? 0.004 : -0.004),
        offset,
        tip,
        level: round(level + section.lift * (1 - i / 10), 2),
        margins: [3, 5],
        logger: section.logger,
        temperature: round(17.5 + i * 0.3, 1),
        installedDaysAgo: 400 - s * 20,
      },
      cerroAt,
    ),
  ),
);

function chain(
  eid: string,
  title: string,
  nodes: number,
  place: [number, number],
  topMovement: number,
  logger: string,
  section: string,
): DemoDevice {
  // Downstream of the crest the casing starts lower, on the 1V:2.2H slope.
  const top = CERRO_CREST - Math.max(0, -place[1]) * 0.45;
  return {
    eid,
    kind: 'instrument',
    title: `${eid} ${title}`,
    description: `In-place inclinometer chain of ${nodes} MEMS nodes at 2 m spacing (${title}).`,
    scheme: INCLINOMETER.name,
    interfaceNode: logger,
    location: cerroAt(...place),
    context: { top_elevation: round(top, 1), node_spacing: 2 },
    limits: [],
    safetyRules: [
      {
        rule: 'resultant > 40',
        rule_description: 'Critical: cumulative displacement of a node above 40 mm since the baseline.',
        state: 'red',
      },
    ],
    contractedSlaTime: 7200,
    cadenceMinutes: 60,
    baseline: {},
    // Node 1 is at the top of the casing, where movement accumulates; the deepest node is the anchor.
    dataPoints: Array.from({ length: nodes }, (_, i) => {
      const share = (nodes - 1 - i) / (nodes - 1);
      return {
        title: `${eid} node ${i + 1}`,
        identifier: `${eid}-N${pad(i + 1)}`,
        baseline: { a_axis: round(topMovement * share ** 1.6), b_axis: round(topMovement * 0.3 * share ** 2) },
      };
    }),
    labels: [section.toLowerCase().replaceAll(' ', '-'), 'inclinometer'],
    assetCertificate: `Factory calibration IPI-${eid.slice(-2)}-2025`,
    installedDaysAgo: 380,
  };
}

const cerroChains = [
  chain('IPI-01', 'Section A crest', 12, [0.26, -3], 6.5, 'DL-01', 'Section A'),
  chain('IPI-02', 'Section B crest', 15, [0.51, -3], 11.2, 'DL-02', 'Section B'),
  chain('IPI-03', 'Section B downstream berm', 10, [0.5, -70], 8.4, 'DL-02', 'Section B'),
  chain('IPI-04', 'Section C crest', 12, [0.76, -3], 5.1, 'DL-03', 'Section C'),
];

const cerroSettlement = CERRO_SECTIONS.map((section, i): DemoDevice => {
  const reference = [58.214, 61.87, 59.402][i]!;
  const settled = [18.5, 31.2, 22.7][i]!;
  return {
    eid: `SC-${pad(i + 1)}`,
    kind: 'instrument',
    title: `SC-${pad(i + 1)} ${section.name} crest`,
    description: `Vibrating-wire settlement cell under the crest of ${section.name}, liquid line to the downstream reservoir.`,
    scheme: SETTLEMENT.name,
    interfaceNode: section.logger,
    location: cerroAt(section.chainage + 0.008, 0),
    context: { reference_pressure: reference },
    limits: [],
    safetyRules: [
      { rule: 'settlement > 100', rule_description: 'Critical: crest settlement above 100 mm.', state: 'red' },
    ],
    contractedSlaTime: 7200,
    cadenceMinutes: 60,
    baseline: { pressure: round(reference + (settled / 1000) * KPA_PER_M, 3), temperature: 19.2 },
    dataPoints: [],
    labels: [section.name.toLowerCase().replaceAll(' ', '-'), 'settlement'],
    assetCertificate: `Calibration certificate VW-4650-${3100 + i}`,
    installedDaysAgo: 380,
  };
});

const cerroPond = [1, 2].map((n): DemoDevice => {
  const sensor = n === 1 ? 1158.4 : 1160.9;
  return {
    eid: `WL-${pad(n)}`,
    kind: 'instrument',
    title: `WL-${pad(n)} Decant pond ${n === 1 ? 'north' : 'south'} staff`,
    description: 'Vented pressure transducer on the decant pond staff gauge, read by the pond logger.',
    scheme: POND_LEVEL.name,
    interfaceNode: 'DL-04',
    location: cerroAt(n === 1 ? 0.42 : 0.58, 460),
    context: { sensor_elevation: sensor, crest_elevation: CERRO_CREST },
    limits: [],
    safetyRules: [
      {
        rule: 'freeboard < 3',
        rule_description: 'Critical: freeboard below the 3 m minimum of the operating manual.',
        state: 'red',
      },
    ],
    contractedSlaTime: 1800,
    cadenceMinutes: 15,
    baseline: { pressure: round((1171.2 - sensor) * KPA_PER_M), temperature: 14.8 },
    dataPoints: [],
    labels: ['decant-pond', 'water-level'],
    assetCertificate: `Calibration certificate PT-${7700 + n}`,
    installedDaysAgo: 300,
  };
});

const cerroWeather: DemoDevice = {
  eid: 'MET-01',
  kind: 'instrument',
  title: 'MET-01 Crest weather station',
  description: 'Automatic weather station on the west abutment platform, 10-minute summaries.',
  scheme: WEATHER.name,
  interfaceNode: 'DL-04',
  location: cerroAt(0.04, -20),
  context: {},
  limits: [],
  safetyRules: [],
  contractedSlaTime: 1800,
  cadenceMinutes: 10,
  baseline: { air_temperature: 16.5, rainfall: 0, humidity: 34, pressure: 881.5, wind_speed: 4.6, wind_direction: 225 },
  dataPoints: [],
  labels: ['weather'],
  assetCertificate: null,
  installedDaysAgo: 420,
};

const cerroLoggers = [
  logger(
    'DL-01',
    'Section A logger',
    cerroAt(0.25, -12),
    { battery_voltage: 12.84, logger_temperature: 26 },
    'Section A',
  ),
  logger(
    'DL-02',
    'Section B logger',
    cerroAt(0.5, -12),
    { battery_voltage: 12.71, logger_temperature: 27 },
    'Section B',
  ),
  logger(
    'DL-03',
    'Section C logger',
    cerroAt(0.75, -12),
    { battery_voltage: 12.9, logger_temperature: 25.5 },
    'Section C',
  ),
  logger(
    'DL-04',
    'Decant pond logger',
    cerroAt(0.5, 420),
    { battery_voltage: 12.62, logger_temperature: 23 },
    'Decant pond',
  ),
];

function phreaticSection(
  eid: string,
  title: string,
  location: [number, number],
  levels: number[],
  crest: number,
  area: string,
): DemoDevice {
  const max = Math.max(...levels);
  return {
    eid,
    kind: 'virtual-device',
    title,
    description: `Phreatic surface across ${area}, interpolated from its piezometers.`,
    scheme: PHREATIC_SECTION.name,
    interfaceNode: null,
    location,
    context: { crest_elevation: crest },
    limits: [
      limit('calculated_metrics', 'crest_margin', 'warning', 'lower', round(crest - max - 2.5, 1)),
      limit('calculated_metrics', 'crest_margin', 'critical', 'lower', round(crest - max - 4.5, 1)),
    ],
    safetyRules: [
      {
        rule: `crest_margin < ${round(crest - max - 4.5, 1)}`,
        rule_description: `Critical: the phreatic surface of ${area} is too close to the crest.`,
        state: 'red',
      },
    ],
    contractedSlaTime: 7200,
    cadenceMinutes: 60,
    baseline: {
      mean_piezometric_level: round(levels.reduce((a, b) => a + b, 0) / levels.length),
      max_piezometric_level: round(max),
    },
    dataPoints: [],
    labels: [area.toLowerCase().replaceAll(' ', '-'), 'phreatic-surface'],
    assetCertificate: null,
    installedDaysAgo: 360,
  };
}

const levelOf = (d: DemoDevice) => round((d.context.tip_elevation ?? 0) + (d.baseline.pressure ?? 0) / KPA_PER_M);

const cerroVirtual = CERRO_SECTIONS.map((section, s) =>
  phreaticSection(
    `VD-${pad(s + 1)}`,
    `Embankment phreatic surface, ${section.name.replace('Section', 'section')}`,
    cerroAt(section.chainage, -60),
    cerroPiezometers.slice(s * 8, s * 8 + 8).map(levelOf),
    CERRO_CREST,
    section.name,
  ),
);

const eids = (devices: DemoDevice[]) => devices.map((d) => d.eid);

const CERRO_AZUL: DemoDeviceSite = {
  schemes: [PIEZOMETER, INCLINOMETER, SETTLEMENT, POND_LEVEL, WEATHER, LOGGER, PHREATIC_SECTION],
  devices: [
    ...cerroLoggers,
    ...cerroPiezometers,
    ...cerroChains,
    ...cerroSettlement,
    ...cerroPond,
    cerroWeather,
    ...cerroVirtual,
  ],
  groups: [
    ...CERRO_SECTIONS.map((section, s) => ({
      title: `Crest ${section.name.replace('Section', 'section')}`,
      type: 'area' as const,
      members: [
        section.logger,
        ...eids(cerroPiezometers.slice(s * 8, s * 8 + 8)),
        ...eids(cerroChains.filter((c) => c.interfaceNode === section.logger)),
        `SC-${pad(s + 1)}`,
        `VD-${pad(s + 1)}`,
      ],
    })),
    { title: 'Decant pond', type: 'area', members: ['DL-04', ...eids(cerroPond)] },
    { title: 'Weather', type: 'instrument-type', members: ['MET-01'] },
    { title: 'Piezometers', type: 'instrument-type', members: eids(cerroPiezometers) },
    { title: 'In-place inclinometers', type: 'instrument-type', members: eids(cerroChains) },
    { title: 'Data loggers', type: 'instrument-type', members: eids(cerroLoggers) },
  ],
};

// ---------------------------------------------------------------- Ouse Flood Embankment (York, UK)

export const OUSE_CREST = 11;
export const ouseAt = crestLine([-1.0888, 53.9112], [-1.0857, 53.8988]);

export const OUSE_PROFILE: Array<[zone: string, offset: number, tip: number, level: number]> = [
  ['Riverward toe', 14, 1.2, 5.35],
  ['Crest', 0, 0.6, 5.05],
  ['Landward slope', -7, 1.4, 4.7],
  ['Landward toe', -14, 2.1, 4.3],
  ['Toe drain', -22, 2.4, 4.0],
  ['Landward field', -40, 2.8, 3.75],
];
export const OUSE_REACHES = [
  { name: 'Reach 1', place: 'Naburn Lock', chainage: 0.22, logger: 'DL-01', lift: 0.1 },
  { name: 'Reach 2', place: 'Fulford Ings', chainage: 0.72, logger: 'DL-02', lift: -0.15 },
];

const OUSE_SERIAL_BASE = 38_200;
const ousePiezometers = OUSE_REACHES.flatMap((reach, r) =>
  OUSE_PROFILE.map(([zone, offset, tip, level], i) =>
    piezometer(
      {
        n: r * 6 + i + 1,
        section: reach.name,
        zone,
        chainage: reach.chainage + (i % 2 ? 0.006 : -0.006),
        offset,
        tip,
        level: round(level + reach.lift, 2),
        margins: [2, 3],
        logger: reach.logger,
        temperature: 10.4,
        installedDaysAgo: 520 - r * 60,
        serialBase: OUSE_SERIAL_BASE,
        calibrations: vibratingWireSheet(r * 6 + i + 1, `VW-4500S-${OUSE_SERIAL_BASE + (r * 6 + i + 1) * 7}`, {
          // PZ-02 hangs in its standpipe: lifted out in the autumn maintenance and re-zeroed in the air
          rezero:
            r * 6 + i + 1 === 2
              ? {
                  daysAgo: 75,
                  drift: -12.6,
                  T0: 11.4,
                  notes:
                    'Re-zeroed after maintenance: sensor lifted out of the standpipe, zero reading taken in the air; cable re-spliced.',
                }
              : undefined,
        }),
      },
      ouseAt,
    ),
  ),
);

const ouseGauges = [
  { n: 1, title: 'Fulford Ings gauge', chainage: 0.95, sensor: 10.412, distance: 5.63, logger: 'DL-02' },
  { n: 2, title: 'Naburn Lock gauge', chainage: 0.03, sensor: 10.186, distance: 5.44, logger: 'DL-01' },
].map((g): DemoDevice => ({
  eid: `RL-${pad(g.n)}`,
  kind: 'instrument',
  title: `RL-${pad(g.n)} ${g.title}`,
  description: 'Radar river level sensor on a bankside mast, levels in metres above Ordnance Datum.',
  scheme: RIVER_LEVEL.name,
  interfaceNode: g.logger,
  location: ouseAt(g.chainage, 30),
  context: { sensor_elevation: g.sensor },
  limits: [],
  safetyRules: [
    {
      rule: 'river_level > 9.5',
      rule_description: 'Critical: River Ouse above 9.5 m AOD; embankment in flood.',
      state: 'red',
    },
    {
      rule: 'river_level > 8',
      rule_description: 'Warning: River Ouse above 8.0 m AOD; start flood patrols.',
      state: 'orange',
    },
  ],
  operationalRules: [
    {
      rule: 'river_level > 7',
      rule_description: 'Flood watch: River Ouse above 7.0 m AOD; patrols on standby.',
      state: 'yellow',
    },
  ],
  contractedSlaTime: 1800,
  cadenceMinutes: 15,
  baseline: { distance_to_water: g.distance },
  dataPoints: [],
  labels: ['river-level'],
  assetCertificate: `Survey certificate RLG-${g.n}-2024`,
  installedDaysAgo: 600,
}));

const ouseWeather: DemoDevice = {
  ...cerroWeather,
  title: 'MET-01 Naburn weather station',
  description: 'Automatic weather station on the lock-keeper’s compound, 10-minute summaries.',
  interfaceNode: 'DL-01',
  location: ouseAt(0.08, -35),
  baseline: {
    air_temperature: 9.8,
    rainfall: 0.1,
    humidity: 83,
    pressure: 1011.5,
    wind_speed: 4.1,
    wind_direction: 240,
  },
  installedDaysAgo: 600,
};

const ouseLoggers = OUSE_REACHES.map((reach, r) =>
  logger(
    reach.logger,
    `${reach.name} logger`,
    ouseAt(reach.chainage, -10),
    { battery_voltage: 12.76 - r * 0.1, logger_temperature: 11.5 },
    reach.name,
  ),
);

const ouseVirtual = OUSE_REACHES.map((reach, r) =>
  phreaticSection(
    `VD-${pad(r + 1)}`,
    `Embankment phreatic surface, ${reach.name.replace('Reach', 'reach')} (${reach.place})`,
    ouseAt(reach.chainage, -5),
    ousePiezometers.slice(r * 6, r * 6 + 6).map(levelOf),
    OUSE_CREST,
    reach.name,
  ),
);

const OUSE_EMBANKMENT: DemoDeviceSite = {
  schemes: [DIGITS_PIEZOMETER, RIVER_LEVEL, WEATHER, LOGGER, PHREATIC_SECTION],
  devices: [...ouseLoggers, ...ousePiezometers, ...ouseGauges, ouseWeather, ...ouseVirtual],
  groups: [
    ...OUSE_REACHES.map((reach, r) => ({
      title: `${reach.name} – ${reach.place}`,
      type: 'area' as const,
      members: [reach.logger, ...eids(ousePiezometers.slice(r * 6, r * 6 + 6)), `VD-${pad(r + 1)}`],
    })),
    { title: 'River gauges', type: 'instrument-type', members: eids(ouseGauges) },
    { title: 'Piezometers', type: 'instrument-type', members: eids(ousePiezometers) },
    { title: 'Data loggers', type: 'instrument-type', members: eids(ouseLoggers) },
  ],
};

/** Devices of each demo project, by project slug (see DEMO_PROJECTS in site.ts). */
export const DEMO_DEVICE_SITES: Record<string, DemoDeviceSite> = {
  'cerro-azul': CERRO_AZUL,
  'ouse-embankment': OUSE_EMBANKMENT,
};
