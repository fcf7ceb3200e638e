import { vibratingWireSheet } from './calibrations.ts';
import { cerroWeather } from './cerro-azul-devices.ts';
import type { DemoDevice, DemoDeviceSite } from './device-types.ts';
import { crestLine, eids, levelOf, logger, pad, phreaticSection, piezometer, round } from './device-builders.ts';
import { digitsPiezometer, LOGGER, PHREATIC_SECTION, RIVER_LEVEL, WEATHER } from './schemes.ts';

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

export const OUSE_EMBANKMENT: DemoDeviceSite = {
  schemes: [digitsPiezometer(1), RIVER_LEVEL, WEATHER, LOGGER, PHREATIC_SECTION],
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
