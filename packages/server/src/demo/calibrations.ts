import { factorsInEffect, linearReading, type DatedFactors } from '@vigil/domain';
import type { DemoCalibration, DemoDevice, SensorOutput } from './device-types.ts';

const DAY_MS = 86_400_000;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

interface Rezero {
  daysAgo: number;
  /** digits the zero reading moved since the factory sheet */
  drift: number;
  /** the temperature of the new zero reading, °C */
  T0: number;
  notes: string;
}

/**
 * Sheets of a batch by the sensors' range: the gauge factor G (kPa/digit) scales with the range, the
 * wire's span of digits does not (Geokon's 4500 manual: −0.1795 kPa/digit for its 700 kPa example).
 */
const BATCHES = {
  350: { gauge: 0.0842, zero: 8650, thermal: -0.04 },
  700: { gauge: 0.1742, zero: 8800, thermal: 0.02 },
} as const;

/**
 * The factory sheet of vibrating-wire piezometer number `n` of a batch (350 kPa range unless
 * `rangeKpa` says otherwise): each sensor its own gauge factor G (kPa/digit; digits fall as pressure
 * rises), zero reading R0 (digits), thermal factor K (kPa/°C) and the lab's temperature T0 — then,
 * when given, a re-zero on site.
 */
export function vibratingWireSheet(
  n: number,
  serial: string,
  options: { rezero?: Rezero | undefined; rangeKpa?: keyof typeof BATCHES } = {},
) {
  const batch = BATCHES[options.rangeKpa ?? 350];
  const factory = {
    G: round(-(batch.gauge + ((n * 37) % 71) / 10_000), 5),
    R0: round(batch.zero + ((n * 263) % 700) + ((n * 7) % 10) / 10, 1),
    K: round(batch.thermal + ((n * 53) % 17) / 100, 4),
    T0: round(20.1 + ((n * 3) % 7) * 0.4, 1),
  };
  const sheets: DemoCalibration[] = [
    {
      daysAgo: null,
      serial,
      factors: factory,
      notes: 'Factory calibration sheet, linear gauge factor and thermal factor.',
    },
  ];
  const { rezero } = options;
  if (rezero) {
    sheets.push({
      daysAgo: rezero.daysAgo,
      serial,
      factors: { ...factory, R0: round(factory.R0 + rezero.drift, 1), T0: rezero.T0 },
      notes: rezero.notes,
    });
  }
  return sheets;
}

/** A device's calibrations as formulas see them (epoch ms, oldest first), for a device installed at `installedAt`. */
export function calibrationTimeline(
  device: Pick<DemoDevice, 'calibrations' | 'installedDaysAgo'>,
  installedAt: number,
): DatedFactors[] {
  const seededAt = installedAt + device.installedDaysAgo * DAY_MS;
  return (device.calibrations ?? [])
    .map((c) => ({ from: c.daysAgo === null ? installedAt : seededAt - c.daysAgo * DAY_MS, factors: c.factors }))
    .sort((a, b) => a.from - b.from);
}

/**
 * The raw metrics a sensor sends for physical values at `t`: a vibrating wire's digits are the
 * calibration in effect, inverted (to the `decimals` of digits its logger records); null before any
 * calibration. The sheets are the sensor's truth: a calibration edited later changes the computed
 * values, not the wire.
 */
export function sensorOutput(kind: SensorOutput, timeline: readonly DatedFactors[], decimals = 1) {
  return (raw: Readonly<Record<string, number>>, t: number): Record<string, number> | null => {
    const factors = factorsInEffect(timeline, t);
    if (kind !== 'vibrating-wire' || !factors) return null;
    const { pressure, temperature, ...rest } = raw;
    if (pressure === undefined || temperature === undefined) return { ...rest };
    const sheet = { G: factors.G!, R0: factors.R0!, K: factors.K!, T0: factors.T0! };
    return { ...rest, reading: round(linearReading(sheet, pressure, temperature), decimals), temperature };
  };
}
