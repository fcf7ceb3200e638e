import {
  compassPoint,
  isStationSource,
  STATION_SOURCE_PREFIX,
  type CompassPoint,
  type DashboardCard,
  type Place,
  type WeatherReport,
} from '@vigil/domain';
import type { WeatherRequest } from '../../../api/weather.ts';

type Card = Extract<DashboardCard, { type: 'weather' }>;

/** Where a weather card looks: its own coordinates, else the project's first place; null with neither. */
export function weatherPlace(
  card: Pick<Card, 'coordinates'>,
  places: readonly Pick<Place, 'name' | 'lat' | 'lon'>[],
): { name: string | null; lat: number; lon: number } | null {
  if (card.coordinates) return { name: null, ...card.coordinates };
  const first = places[0];
  return first ? { name: first.name, lat: first.lat, lon: first.lon } : null;
}

/** The service call of a card at a place, in the interface language. */
export const weatherRequest = (
  card: Pick<Card, 'units'>,
  place: { lat: number; lon: number },
  lang: string,
): WeatherRequest => ({ lat: place.lat, lon: place.lon, units: card.units, lang });

/** A number with at most `decimals` decimals in the locale's way; null stays null. */
export function formatNumber(value: number | null, locale: string, decimals = 1): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  return value.toLocaleString(locale, { maximumFractionDigits: decimals });
}

/** The wind's compass point, or null when the source has no direction. */
export const windPoint = (report: Pick<WeatherReport, 'wind'>): CompassPoint | null =>
  report.wind.direction === null ? null : compassPoint(report.wind.direction);

/** Who answered: the site's station (by eid) or the provider. */
export function sourceOf(source: string): { kind: 'station'; eid: string } | { kind: 'provider'; name: string } {
  return isStationSource(source)
    ? { kind: 'station', eid: source.slice(STATION_SOURCE_PREFIX.length) }
    : { kind: 'provider', name: source === 'open-meteo' ? 'Open-Meteo' : source };
}
