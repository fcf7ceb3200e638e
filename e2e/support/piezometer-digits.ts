import { expect, type APIRequestContext } from '@playwright/test';
import { factorsInEffect, linearReading, type Calibration, type LinearCalibration } from '@vigil/domain';
import { auth } from './api.ts';
import { ingest } from './notifications.ts';

/**
 * The demo's vibrating-wire piezometers send digits and temperature, and Vigil computes their pore
 * pressure by the maker's linear form P = G·(R − R0) + K·(T − T0) over each sensor's calibration
 * (issue 34). A test that means a pressure sends the digits that give it at its temperature through
 * the calibration in effect at its read_at, read through the API.
 */
export interface IntendedPressure {
  eid: string;
  /** kPa */
  pressure: number;
  /** °C: the thermal term moves the pressure too */
  temperature: number;
  /** now when absent */
  read_at?: string;
}

export interface DigitsReading {
  /** what the device sends */
  payload: { eid: string; read_at: string; raw_metrics: { reading: number; temperature: number } };
  /** the pressure Vigil computes from these digits: the intended one, to the last bit of a double or two */
  pressure: number;
}

/** The scheme's formula (VIBRATING_WIRE_FORMULAS.linear) in the order Vigil evaluates it, for the exact double it stores. */
const computedPressure = (c: LinearCalibration, reading: number, temperature: number) =>
  c.G * (reading - c.R0) + c.K * (temperature - c.T0);

/** The gap between `x` and the next double away from zero. */
const ulp = (x: number) => 2 ** (Math.floor(Math.log2(Math.abs(x))) - 52);

/**
 * The digits that give `pressure` at `temperature`: the linear form inverted, then, among the doubles
 * next to it, the one whose computed pressure is nearest (exactly the intended one when a double gives it).
 */
export function digitsFor(c: LinearCalibration, pressure: number, temperature: number) {
  const inverted = linearReading(c, pressure, temperature);
  let best = { reading: inverted, pressure: computedPressure(c, inverted, temperature) };
  for (let step = -16; step <= 16 && best.pressure !== pressure; step++) {
    const reading = inverted + step * ulp(inverted);
    const computed = computedPressure(c, reading, temperature);
    if (Math.abs(computed - pressure) < Math.abs(best.pressure - pressure)) best = { reading, pressure: computed };
  }
  return best;
}

async function calibrationsOf(request: APIRequestContext, token: string, eid: string) {
  const found = await request.get(`/device-registry/api/v1/instruments?eid=${eid}&fields=id`, { headers: auth(token) });
  expect(found.ok(), await found.text()).toBe(true);
  const [device] = (await found.json()).objects as Array<{ id: string }>;
  if (!device) throw new Error(`no instrument ${eid}`);
  const listed = await request.get(`/device-registry/api/v1/instruments/${device.id}/calibrations?paginate_by=100`, {
    headers: auth(token),
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  return ((await listed.json()).objects as Calibration[])
    .map((c) => ({ from: Date.parse(c.effective_from), factors: c.factors }))
    .sort((a, b) => a.from - b.from);
}

/** The readings that give each intended pressure, each through its device's calibration in effect at its read_at. */
export async function pressuresAsDigits(
  request: APIRequestContext,
  token: string,
  intended: IntendedPressure[],
): Promise<DigitsReading[]> {
  const timelines = new Map<string, Awaited<ReturnType<typeof calibrationsOf>>>();
  const out: DigitsReading[] = [];
  for (const { eid, pressure, temperature, read_at: readAt = new Date().toISOString() } of intended) {
    if (!timelines.has(eid)) timelines.set(eid, await calibrationsOf(request, token, eid));
    const factors = factorsInEffect(timelines.get(eid)!, Date.parse(readAt));
    const { G, R0, K, T0 } = factors ?? {};
    if (G === undefined || R0 === undefined || K === undefined || T0 === undefined)
      throw new Error(`${eid} has no linear calibration (G, R0, K, T0) in effect at ${readAt}`);
    const sheet = { G, R0, K, T0 };
    const digits = digitsFor(sheet, pressure, temperature);
    out.push({
      payload: { eid, read_at: readAt, raw_metrics: { reading: digits.reading, temperature } },
      pressure: digits.pressure,
    });
  }
  return out;
}

/** Sends the digits of each intended pressure through the ingest API; the pressures Vigil computes from them, in order. */
export async function ingestPressures(request: APIRequestContext, token: string, intended: IntendedPressure[]) {
  const readings = await pressuresAsDigits(request, token, intended);
  await ingest(
    request,
    token,
    readings.map((r) => r.payload),
  );
  return readings.map((r) => r.pressure);
}
