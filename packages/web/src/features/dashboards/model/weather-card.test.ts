import { describe, expect, it } from 'vitest';
import { formatNumber, sourceOf, weatherPlace, weatherRequest, windPoint } from './weather-card.ts';

const places = [
  { name: 'Cerro Azul TSF, Atacama', lat: -27.3668, lon: -70.3322 },
  { name: 'Copiapó operations centre', lat: -27.3665, lon: -70.3314 },
];

describe('where a weather card looks', () => {
  it("takes the project's first place unless the card has coordinates of its own", () => {
    expect(weatherPlace({ coordinates: null }, places)).toEqual(places[0]);
    expect(weatherPlace({ coordinates: { lat: 1.5, lon: -2 } }, places)).toEqual({ name: null, lat: 1.5, lon: -2 });
  });

  it('has nowhere to look in a project without places', () => {
    expect(weatherPlace({ coordinates: null }, [])).toBeNull();
  });

  it('asks in the units of the card and the language of the interface', () => {
    expect(weatherRequest({ units: 'fahrenheit' }, places[0]!, 'pt-BR')).toEqual({
      lat: -27.3668,
      lon: -70.3322,
      units: 'fahrenheit',
      lang: 'pt-BR',
    });
  });
});

describe('how a weather card writes what it shows', () => {
  it('writes the wind direction as one of 16 compass points', () => {
    const wind = (direction: number | null) => ({ wind: { direction, speed: 3, unit: 'm/s' as const } });
    expect(windPoint(wind(200))).toBe('SSW');
    expect(windPoint(wind(0))).toBe('N');
    expect(windPoint(wind(350))).toBe('N');
    expect(windPoint(wind(null))).toBeNull();
  });

  it('writes numbers in the locale, to one decimal', () => {
    expect(formatNumber(881.25, 'en-US')).toBe('881.3');
    expect(formatNumber(1012.6, 'pt-BR')).toBe('1.012,6');
    expect(formatNumber(null, 'en-US')).toBeNull();
  });

  it('names the source: the site station by its eid, or the provider', () => {
    expect(sourceOf('station:MET-01')).toEqual({ kind: 'station', eid: 'MET-01' });
    expect(sourceOf('open-meteo')).toEqual({ kind: 'provider', name: 'Open-Meteo' });
  });
});
