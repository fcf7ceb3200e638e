import type { MetricLimit } from '@vigil/domain';
import { deriveMetrics, type CompiledScheme } from '../services/ingest/metric-rules.ts';
import {
  creep,
  daily,
  daylight,
  DAY_MS,
  episodeAt,
  gaussian,
  hashString,
  HOUR_MS,
  hump,
  infiltration,
  MINUTE_MS,
  rainBetween,
  season,
  synoptic,
  uniform,
  type Episode,
  type Site,
} from './signals.ts';

/** What the demo knows of a device: its scheme and context from the database, its baselines from the demo catalogue. */
export interface DeviceSpec {
  /** `${slug}/${eid}`: the seed of everything random about the device */
  key: string;
  schemeType: string;
  scheme: CompiledScheme;
  context: Record<string, number>;
  /** the device's own limits, then its scheme's */
  limits: MetricLimit[];
  /** '' for the device itself, else one channel per data point */
  channels: Array<{ dataPointId: string; baseline: Record<string, number> }>;
  /** one standard deviation of each raw metric between readings */
  noise: Record<string, number>;
  site: Site;
  /** the key of the data logger it hangs on: when the logger is down, so is the device */
  loggerKey: string | null;
  /** what the sensor sends for the physical values at t (digits of a vibrating wire); null: nothing */
  sensor?: ((raw: Readonly<Record<string, number>>, t: number) => Record<string, number> | null) | undefined;
}

export interface DemoReading {
  data_point_id?: string;
  raw_metrics: Record<string, number>;
}

const KPA_PER_M = 9.8068;
/** Chances per device and 30 days of an outage (4–40 h), a limit breach (12–48 h) and an impossible value. */
const OUTAGE_CHANCE = 0.06;
const BREACH_CHANCE = 0.06;
const SPIKE_CHANCE = 0.05;
const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

interface Ctx {
  site: Site;
  t: number;
  intervalMs: number;
  base: number;
  /** device-specific factors in [0, 1) */
  u: (n: number) => number;
}

/** Water head change, m: the tailings pond's deposition cycle in the desert, rain and season elsewhere. */
function headChange(c: Ctx): number {
  const rain = infiltration(c.site, c.t, 6 + 42 * c.u(1), 24 + 48 * c.u(2));
  if (c.site.climate.kind === 'arid') {
    return 0.3 * Math.sin((2 * Math.PI * c.t) / (19 * DAY_MS) + 6 * c.u(3)) + 0.1 * season(c.site, c.t) + 0.03 * rain;
  }
  return -0.35 * season(c.site, c.t) + (0.012 + 0.02 * c.u(4)) * rain;
}

const raining = (c: Ctx) => Math.min(1, rainBetween(c.site, c.t - HOUR_MS, c.t));

/** The value of one raw metric before noise, by what the metric measures. */
const MODELS: Record<string, (c: Ctx) => number> = {
  head: (c) => c.base + headChange(c) * KPA_PER_M,
  level: (c) => c.base + headChange(c),
  pond: (c) =>
    c.base +
    (0.45 * Math.sin((2 * Math.PI * c.t) / (17 * DAY_MS) + 6 * c.u(3)) +
      0.15 * season(c.site, c.t) +
      0.01 * infiltration(c.site, c.t, 2, 12)) *
      KPA_PER_M,
  settlement: (c) => c.base + (creep(c.t, 0.01 + 0.03 * c.u(5)) / 1000) * KPA_PER_M,
  sensor_temperature: (c) => c.base + 0.8 * season(c.site, c.t),
  air_temperature: (c) =>
    c.base +
    c.site.climate.seasonalSwing * season(c.site, c.t) +
    c.site.climate.dailySwing * daily(c.site, c.t) +
    1.5 * synoptic(c.site, c.t) -
    2 * raining(c),
  rainfall: (c) => round(rainBetween(c.site, c.t - c.intervalMs, c.t), 1),
  humidity: (c) =>
    c.base - 12 * daily(c.site, c.t) - 5 * synoptic(c.site, c.t) + 8 * Math.min(4, infiltration(c.site, c.t, 0, 6)),
  barometric: (c) => c.base + 7 * synoptic(c.site, c.t) - 3 * raining(c),
  wind_speed: (c) => c.base * (1 + 0.35 * daily(c.site, c.t)) + 2 * Math.abs(synoptic(c.site, c.t)),
  wind_direction: (c) => c.base + 50 * Math.sin((2 * Math.PI * c.t) / (3.7 * DAY_MS) + 6 * c.u(3)),
  battery: (c) => c.base + 0.45 * daylight(c.site, c.t) - 0.15,
  logger_temperature: (c) =>
    c.base +
    1.4 * c.site.climate.dailySwing * daily(c.site, c.t) +
    0.8 * c.site.climate.seasonalSwing * season(c.site, c.t),
  displacement: (c) =>
    c.base +
    Math.sign(c.base) * Math.abs(c.base) * (creep(c.t, 0.0008) + 0.004 * infiltration(c.site, c.t, 24, 72)) +
    0.03 * daily(c.site, c.t),
  river_distance: (c) => c.base + 0.5 * season(c.site, c.t) - 0.07 * infiltration(c.site, c.t, 30, 48),
  other: (c) => c.base * (1 + 0.01 * season(c.site, c.t)),
};

/** Which model a raw metric follows, from its key and the scheme type. */
export function modelOf(key: string, schemeType: string): string {
  if (key === 'pressure') {
    return { meteorological: 'barometric', displacement: 'settlement', water_level: 'pond' }[schemeType] ?? 'head';
  }
  const byKey: Record<string, string> = {
    temperature: 'sensor_temperature',
    air_temperature: 'air_temperature',
    rainfall: 'rainfall',
    humidity: 'humidity',
    wind_speed: 'wind_speed',
    wind_direction: 'wind_direction',
    battery_voltage: 'battery',
    logger_temperature: 'logger_temperature',
    a_axis: 'displacement',
    b_axis: 'displacement',
    distance_to_water: 'river_distance',
    mean_piezometric_level: 'level',
    max_piezometric_level: 'level',
  };
  return byKey[key] ?? 'other';
}

/** Keeps a value within what the quantity can physically be. */
function physical(model: string, value: number): number {
  if (model === 'humidity') return clamp(value, 3, 99.5);
  if (model === 'wind_speed' || model === 'rainfall') return Math.max(0, value);
  if (model === 'wind_direction') return ((value % 360) + 360) % 360;
  if (model === 'river_distance') return Math.max(0.35, value);
  return value;
}

/** The raw metric that drives a limited metric: itself, or the first raw value its formula (transitively) reads. */
function driverOf(scheme: CompiledScheme, limit: MetricLimit): string | undefined {
  if (limit.group === 'raw_metrics') return scheme.rawKeys.has(limit.metric) ? limit.metric : undefined;
  if (limit.group !== 'calculated_metrics') return undefined;
  const seen = new Set<string>();
  const queue = [limit.metric];
  while (queue.length) {
    const name = queue.shift()!;
    const formula = scheme.calculated.find((c) => c.key === name);
    for (const variable of formula?.expression.variables ?? []) {
      if (scheme.rawKeys.has(variable)) return variable;
      if (!seen.has(variable)) {
        queue.push(variable);
        seen.add(variable);
      }
    }
  }
  return undefined;
}

/**
 * The change of `driver` that takes the limited metric past `goal` (beyond the limit), found by
 * doubling then bisection over the scheme's own formulas; undefined when nothing reaches it.
 */
function solveBump(evaluate: (delta: number) => number | undefined, goal: number, upper: boolean, scale: number) {
  const beyond = (delta: number) => {
    const value = evaluate(delta);
    return value !== undefined && (upper ? value >= goal : value <= goal);
  };
  let best: number | undefined;
  for (const direction of [1, -1]) {
    let low = 0;
    let high = scale;
    while (high < scale * 2 ** 24 && !beyond(direction * high)) [low, high] = [high, high * 2];
    if (!beyond(direction * high)) continue;
    for (let i = 0; i < 40; i++) {
      const mid = (low + high) / 2;
      if (beyond(direction * mid)) high = mid;
      else low = mid;
    }
    if (best === undefined || high < Math.abs(best)) best = direction * high;
  }
  return best;
}

export interface DeviceModel {
  /** The readings at `t` (one per channel) in physical units, or null while the device or its logger is down. */
  readingsAt(t: number, intervalMs: number): DemoReading[] | null;
  /** The readings as the device sends them: through its sensor's calibration when it has one. */
  toPayload(readings: DemoReading[], t: number): DemoReading[];
}

export function deviceModel(spec: DeviceSpec): DeviceModel {
  const key = hashString(spec.key);
  const loggerKey = spec.loggerKey === null ? null : hashString(spec.loggerKey);
  const u = (n: number) => uniform(key, 1000 + n);
  const rawKeys = [...spec.scheme.rawKeys];
  const metricKeys = new Map(
    spec.channels.flatMap((ch) =>
      rawKeys.map((k) => [`${ch.dataPointId}/${k}`, hashString(`${spec.key}/${ch.dataPointId}/${k}`)]),
    ),
  );

  const plain = (channel: DeviceSpec['channels'][number], t: number, intervalMs: number, withNoise: boolean) => {
    const raw: Record<string, number> = {};
    for (const metric of rawKeys) {
      const base = channel.baseline[metric];
      if (base === undefined) continue;
      const model = modelOf(metric, spec.schemeType);
      let value = MODELS[model]!({ site: spec.site, t, intervalMs, base, u });
      if (withNoise && model !== 'rainfall') {
        const sigma = spec.noise[metric] ?? 0.002 * Math.abs(base) + 0.001;
        value += sigma * gaussian(metricKeys.get(`${channel.dataPointId}/${metric}`)!, Math.floor(t / MINUTE_MS));
      }
      raw[metric] = round(physical(model, value));
    }
    return raw;
  };

  // One limit per device may be breached now and then: a warning one, pushed past by 40 % of the way to
  // critical. Not a rain limit: a storm lasting a day at the intensity of a cloudburst looks wrong.
  const breachable = spec.limits.filter((l) => modelOf(driverOf(spec.scheme, l) ?? '', spec.schemeType) !== 'rainfall');
  const limit = breachable.find((l) => l.level === 'warning') ?? breachable[0];
  const critical =
    limit && spec.limits.find((l) => l.level === 'critical' && l.metric === limit.metric && l.bound === limit.bound);
  const driver = limit && driverOf(spec.scheme, limit);
  const bumps = new Map<number, number | null>();
  function bumpOf(episode: Episode): number | null {
    if (!limit || !driver) return null;
    let bump = bumps.get(episode.block);
    if (bump !== undefined) return bump;
    const upper = limit.bound === 'upper';
    const margin = critical
      ? Math.abs(critical.value - limit.value) * 0.4
      : Math.max(0.05 * Math.abs(limit.value), 0.5);
    const goal = limit.value + (upper ? margin : -margin);
    const peak = (episode.start + episode.end) / 2;
    const channel = spec.channels[0]!;
    const raw = plain(channel, peak, HOUR_MS, false);
    const evaluate = (delta: number) => {
      const metrics = deriveMetrics(spec.scheme, { ...raw, [driver]: (raw[driver] ?? 0) + delta }, spec.context);
      return (metrics as unknown as Record<string, Record<string, number>>)[limit.group]?.[limit.metric];
    };
    bump = solveBump(evaluate, goal, upper, Math.max(0.01, Math.abs(raw[driver] ?? 1) * 0.01)) ?? null;
    bumps.set(episode.block, bump);
    return bump;
  }

  const spikeBound = rawKeys.flatMap((k) => {
    const range = spec.scheme.bounds.get('raw_metrics')?.get(k);
    if (!range) return [];
    const value = Number.isFinite(range.upper)
      ? range.upper + Math.max(1, Math.abs(range.upper) * 0.25)
      : range.lower - Math.max(1, Math.abs(range.lower) * 0.25);
    return [{ metric: k, value }];
  })[0];

  return {
    readingsAt(t, intervalMs) {
      if (episodeAt(key ^ 0x0f, t, OUTAGE_CHANCE, 4, 40)) return null;
      if (loggerKey !== null && episodeAt(loggerKey ^ 0x0f, t, OUTAGE_CHANCE, 4, 40)) return null;
      const breach = episodeAt(key ^ 0xb4, t, BREACH_CHANCE, 12, 48);
      const spike = spikeBound && episodeAt(key ^ 0x5a, t, SPIKE_CHANCE, 0.5, 1);
      return spec.channels.map((channel, index) => {
        const raw = plain(channel, t, intervalMs, true);
        if (index === 0 && breach && driver && raw[driver] !== undefined) {
          const bump = bumpOf(breach);
          if (bump !== null) raw[driver] = round(raw[driver] + bump * hump(breach, t));
        }
        if (index === 0 && spike && t - intervalMs < spike.start && raw[spikeBound.metric] !== undefined) {
          raw[spikeBound.metric] = round(spikeBound.value);
        }
        return channel.dataPointId ? { data_point_id: channel.dataPointId, raw_metrics: raw } : { raw_metrics: raw };
      });
    },
    toPayload(readings, t) {
      const { sensor } = spec;
      if (!sensor) return readings;
      return readings.flatMap((r) => {
        const raw = sensor(r.raw_metrics, t);
        return raw ? [{ ...r, raw_metrics: raw }] : [];
      });
    },
  };
}
