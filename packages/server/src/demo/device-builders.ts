import type { DemoCalibration, DemoDevice } from './device-types.ts';
import { KPA_PER_M, limit, LOGGER, PHREATIC_SECTION, PIEZOMETER } from './schemes.ts';

/** The devices both demo projects are made of: piezometers, loggers and phreatic-surface sections, placed along a crest. */

/** Positions along a straight crest: `chainage` 0..1 from one abutment, `offset` metres upstream (+). */
export function crestLine(start: [number, number], end: [number, number]) {
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

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
/** Limits are set in half metres, as designers write them. */
export const toHalf = (value: number) => Math.round(value * 2) / 2;
export const pad = (n: number) => String(n).padStart(2, '0');

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
  /** the sensor's calibration sheets: the device then sends digits (digitsPiezometer) */
  calibrations?: DemoCalibration[];
  /** the first serial number of the site's batch of sensors */
  serialBase?: number;
}

export function piezometer(p: PiezometerPlan, at: (chainage: number, offset: number) => [number, number]): DemoDevice {
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

export function logger(
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

export function phreaticSection(
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

export const levelOf = (d: DemoDevice) =>
  round((d.context.tip_elevation ?? 0) + (d.baseline.pressure ?? 0) / KPA_PER_M);

export const eids = (devices: DemoDevice[]) => devices.map((d) => d.eid);
