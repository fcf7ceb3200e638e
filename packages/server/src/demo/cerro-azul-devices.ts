import type { DemoDevice, DemoDeviceSite } from './device-types.ts';
import { crestLine, eids, levelOf, logger, pad, phreaticSection, piezometer, round } from './device-builders.ts';
import { vibratingWireSheet } from './calibrations.ts';
import {
  digitsPiezometer,
  INCLINOMETER,
  KPA_PER_M,
  LOGGER,
  PHREATIC_SECTION,
  POND_LEVEL,
  SETTLEMENT,
  WEATHER,
} from './schemes.ts';

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

const CERRO_SERIAL_BASE = 21_400;
// Up to 30 m of water over the tips and 35 m (340 kPa) at the critical limits: 700 kPa sensors, for
// room above the limits, each with its own factory sheet, sending digits and temperature (issue 34).
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
        serialBase: CERRO_SERIAL_BASE,
        calibrations: vibratingWireSheet(s * 8 + i + 1, `VW-4500S-${CERRO_SERIAL_BASE + (s * 8 + i + 1) * 7}`, {
          rangeKpa: 700,
        }),
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

export const cerroWeather: DemoDevice = {
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

export const CERRO_AZUL: DemoDeviceSite = {
  schemes: [digitsPiezometer(2), INCLINOMETER, SETTLEMENT, POND_LEVEL, WEATHER, LOGGER, PHREATIC_SECTION],
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
