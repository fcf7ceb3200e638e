import { factorsInEffect, linearReading, type DatedFactors } from '@vigil/domain';
import type { DemoDevice } from './devices.ts';

const DAY_MS = 86_400_000;

/** How a sensor turns the demo's physical values into the raw metrics it sends. */
export type SensorOutput = 'vibrating-wire';

/** A calibration sheet of a demo sensor, dated from the seed: at installation, or `daysAgo` before the seed. */
export interface DemoCalibration {
  daysAgo: number | null;
  serial: string;
  factors: Record<string, number>;
  notes: string;
}

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
 * The factory sheet of vibrating-wire piezometer number `n` of a batch (350 kPa range): each sensor
 * its own gauge factor G (kPa/digit; digits fall as pressure rises), zero reading R0 (digits), thermal
 * factor K (kPa/°C) and the lab's temperature T0 — then, when given, a re-zero on site.
 */
export function vibratingWireSheet(n: number, serial: string, options: { rezero?: Rezero | undefined } = {}) {
  const factory = {
    G: round(-(0.0842 + ((n * 37) % 71) / 10_000), 5),
    R0: round(8650 + ((n * 263) % 700) + ((n * 7) % 10) / 10, 1),
    K: round(-0.04 + ((n * 53) % 17) / 100, 4),
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
 * calibration in effect, inverted (to 0.1 digit, as a readout shows them); null before any calibration.
 * The sheets are the sensor's truth: a calibration edited later changes the computed values, not the wire.
 */
export function sensorOutput(kind: SensorOutput, timeline: readonly DatedFactors[]) {
  return (raw: Readonly<Record<string, number>>, t: number): Record<string, number> | null => {
    const factors = factorsInEffect(timeline, t);
    if (kind !== 'vibrating-wire' || !factors) return null;
    const { pressure, temperature, ...rest } = raw;
    if (pressure === undefined || temperature === undefined) return { ...rest };
    const sheet = { G: factors.G!, R0: factors.R0!, K: factors.K!, T0: factors.T0! };
    return { ...rest, reading: round(linearReading(sheet, pressure, temperature), 1), temperature };
  };
}
