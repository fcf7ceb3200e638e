import {
  fahrenheitToCelsius,
  haversineKm,
  kelvinToCelsius,
  kmhToMps,
  mphToMps,
  normaliseDegrees,
  stationSource,
  WEATHER_FORECAST_PERIODS,
  WEATHER_PERIOD_HOURS,
  type LatLon,
} from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { fixedBuckets, wholeRange } from '../metrics/bucketing.ts';
import { HOUR_MS, iso, nextPeriodStart, type Observation } from './observation.ts';
import { stationCondition } from './station-condition.ts';
import type { Station } from './station-store.ts';
import {
  aggregateStation,
  findStationSeries,
  newestStationValues,
  type StationMetric,
  type StationSeries,
} from './station-values.ts';

const DAY_MS = 24 * HOUR_MS;

/** The station nearest to `point` within `radiusKm`, or null. */
export function nearestStation(stations: readonly Station[], point: LatLon, radiusKm: number): Station | null {
  let nearest: { station: Station; km: number } | null = null;
  for (const station of stations) {
    const km = haversineKm(point, station);
    if (km <= radiusKm && (!nearest || km < nearest.km)) nearest = { station, km };
  }
  return nearest?.station ?? null;
}

const TO_CELSIUS: Record<string, (v: number) => number> = {
  '°F': fahrenheitToCelsius,
  F: fahrenheitToCelsius,
  K: kelvinToCelsius,
};
const TO_MPS: Record<string, (v: number) => number> = {
  'km/h': kmhToMps,
  mph: mphToMps,
  kn: (v) => (v * 1852) / 3600,
};

/** A value of the station in °C or m/s, whatever unit its scheme declares (°C and m/s when unknown). */
function si(station: Station, metric: StationMetric, value: number | undefined): number | null {
  if (value === undefined) return null;
  const unit = station.units[metric] ?? '';
  if (metric === 'air_temperature') return TO_CELSIUS[unit]?.(value) ?? value;
  if (metric === 'wind_speed') return TO_MPS[unit]?.(value) ?? value;
  if (metric === 'wind_direction') return normaliseDegrees(value);
  return value;
}

const base = (station: Station) => ({
  visibilityKm: null,
  subtitle: station.title,
  country: null,
  coordinates: { lat: station.lat, lon: station.lon },
  source: stationSource(station.eid),
});

/**
 * Now at the station: its newest value of each metric, the lowest and highest temperature and the
 * rain of the last 24 hours; null when it has never reported.
 */
export async function stationCurrent(
  db: Db,
  dialect: Dialect,
  projectId: string,
  station: Station,
  now: number,
): Promise<Observation | null> {
  const series = await findStationSeries(db, projectId, station.id);
  const latest = await newestStationValues(db, dialect, series);
  if (!latest) return null;
  const over = async (fn: 'min' | 'max' | 'sum', metric: StationMetric, spanMs: number) => {
    const from = now - spanMs;
    const values = await aggregateStation(db, dialect, series, [metric], {
      fn,
      bucketing: wholeRange(from, now + 1),
      from,
      end: now + 1,
    });
    return values.get(metric)?.get(from);
  };
  const temp = si(station, 'air_temperature', latest.values.air_temperature);
  const windSpeed = si(station, 'wind_speed', latest.values.wind_speed);
  const rainLastHour = (await over('sum', 'rainfall', HOUR_MS)) ?? null;
  return {
    ...base(station),
    temp,
    tempMin: si(station, 'air_temperature', await over('min', 'air_temperature', DAY_MS)),
    tempMax: si(station, 'air_temperature', await over('max', 'air_temperature', DAY_MS)),
    pressure: latest.values.pressure ?? null,
    humidity: latest.values.humidity ?? null,
    rainfall: (await over('sum', 'rainfall', DAY_MS)) ?? null,
    windSpeed,
    windDirection: si(station, 'wind_direction', latest.values.wind_direction),
    icon: stationCondition({ rainMmPerHour: rainLastHour, windSpeed, temp }),
    time: iso(latest.readAt),
  };
}

/**
 * A station cannot see ahead: its forecast is diurnal persistence (ADR 0026). Each coming period
 * repeats what the station measured in the same hours a day before; periods it has nothing of are
 * left out.
 */
export async function stationForecast(
  db: Db,
  dialect: Dialect,
  projectId: string,
  station: Station,
  now: number,
): Promise<Observation[]> {
  const periodMs = WEATHER_PERIOD_HOURS * HOUR_MS;
  const end = nextPeriodStart(now, WEATHER_PERIOD_HOURS);
  const from = end - DAY_MS;
  const series: StationSeries = await findStationSeries(db, projectId, station.id);
  const plan = (fn: 'avg' | 'min' | 'max' | 'sum' | 'first') => ({ fn, bucketing: fixedBuckets(periodMs), from, end });
  const avg = await aggregateStation(
    db,
    dialect,
    series,
    ['air_temperature', 'humidity', 'pressure', 'wind_speed'],
    plan('avg'),
  );
  const min = await aggregateStation(db, dialect, series, ['air_temperature'], plan('min'));
  const max = await aggregateStation(db, dialect, series, ['air_temperature'], plan('max'));
  const sum = await aggregateStation(db, dialect, series, ['rainfall'], plan('sum'));
  // Directions do not average (350° and 10° are not 180°): the period's first one stands for it.
  const first = await aggregateStation(db, dialect, series, ['wind_direction'], plan('first'));
  const periods: Observation[] = [];
  for (let i = 0; i < WEATHER_FORECAST_PERIODS; i++) {
    const start = from + i * periodMs;
    const at = (values: typeof avg, metric: StationMetric) => values.get(metric)?.get(start);
    const seen = [avg, min, max, sum, first].some((values) => [...values.values()].some((m) => m.has(start)));
    if (!seen) continue;
    const temp = si(station, 'air_temperature', at(avg, 'air_temperature'));
    const windSpeed = si(station, 'wind_speed', at(avg, 'wind_speed'));
    const rainfall = at(sum, 'rainfall') ?? null;
    periods.push({
      ...base(station),
      temp,
      tempMin: si(station, 'air_temperature', at(min, 'air_temperature')),
      tempMax: si(station, 'air_temperature', at(max, 'air_temperature')),
      pressure: at(avg, 'pressure') ?? null,
      humidity: at(avg, 'humidity') ?? null,
      rainfall,
      windSpeed,
      windDirection: si(station, 'wind_direction', at(first, 'wind_direction')),
      icon: stationCondition({
        rainMmPerHour: rainfall === null ? null : rainfall / WEATHER_PERIOD_HOURS,
        windSpeed,
        temp,
      }),
      time: iso(start + DAY_MS),
    });
  }
  return periods;
}
