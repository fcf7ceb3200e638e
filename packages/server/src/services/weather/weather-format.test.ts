import { describe, expect, it } from 'vitest';
import type { Observation } from './observation.ts';
import { iconOfWmoCode, timeOf } from './open-meteo-format.ts';
import { stationCondition } from './station-condition.ts';
import { presentWeather } from './weather-presenter.ts';

describe("Open-Meteo's values", () => {
  it('reads WMO weather codes as icons', () => {
    const icons = Object.fromEntries(
      [0, 1, 2, 3, 45, 48, 51, 57, 61, 63, 65, 67, 71, 77, 80, 82, 85, 95, 99, null].map((code) => [
        String(code),
        iconOfWmoCode(code),
      ]),
    );
    expect(icons).toEqual({
      '0': 'clear',
      '1': 'partly-cloudy',
      '2': 'partly-cloudy',
      '3': 'cloudy',
      '45': 'fog',
      '48': 'fog',
      '51': 'drizzle',
      '57': 'drizzle',
      '61': 'rain',
      '63': 'rain',
      '65': 'heavy-rain',
      '67': 'heavy-rain',
      '71': 'snow',
      '77': 'snow',
      '80': 'rain',
      '82': 'heavy-rain',
      '85': 'snow',
      '95': 'thunderstorm',
      '99': 'thunderstorm',
      null: 'cloudy',
    });
  });

  it('reads local times of the answer’s zone as UTC instants', () => {
    expect(new Date(timeOf('2026-03-26T16:15', 0)).toISOString()).toBe('2026-03-26T16:15:00.000Z');
    // Santiago, UTC−3
    expect(new Date(timeOf('2026-03-26T13:15', -3 * 3600)).toISOString()).toBe('2026-03-26T16:15:00.000Z');
    expect(new Date(timeOf('2026-03-26', 0)).toISOString()).toBe('2026-03-26T00:00:00.000Z');
  });
});

describe('what a station can tell', () => {
  it('tells precipitation by its rate, snow below freezing, then strong wind, else no rain', () => {
    expect(stationCondition({ rainMmPerHour: 8, windSpeed: 2, temp: 12 })).toBe('heavy-rain');
    expect(stationCondition({ rainMmPerHour: 0.5, windSpeed: 2, temp: 12 })).toBe('rain');
    expect(stationCondition({ rainMmPerHour: 0.2, windSpeed: 15, temp: 12 })).toBe('drizzle');
    expect(stationCondition({ rainMmPerHour: 0.2, windSpeed: 2, temp: -1 })).toBe('snow');
    expect(stationCondition({ rainMmPerHour: 0, windSpeed: 10.8, temp: 12 })).toBe('windy');
    expect(stationCondition({ rainMmPerHour: null, windSpeed: null, temp: null })).toBe('dry');
  });
});

describe('the presenter', () => {
  const observation: Observation = {
    temp: 20,
    tempMin: -40,
    tempMax: 37,
    pressure: 1013.254,
    humidity: 54.6,
    visibilityKm: 16.09344,
    rainfall: 0,
    windSpeed: 10,
    windDirection: 359.6,
    icon: 'clear',
    subtitle: 'Open-Meteo',
    country: null,
    coordinates: { lat: 1, lon: 2 },
    time: '2026-03-26T16:15:00.000Z',
    source: 'open-meteo',
  };

  it('answers metric units with celsius, to two decimals', () => {
    expect(presentWeather(observation, 'celsius', 'en-GB')).toMatchObject({
      temp: 20,
      pressure: 1013.25,
      humidity: 55,
      visibility: 16.09,
      // 359.6° rounds to 360°, which is north: 0°
      wind: { direction: 0, speed: 10, unit: 'm/s' },
      title: 'Clear',
    });
  });

  it('answers °F, miles and mph with fahrenheit, and Kelvin with metric units', () => {
    expect(presentWeather(observation, 'fahrenheit', 'en-US')).toMatchObject({
      temp: 68,
      tempMin: -40,
      tempMax: 98.6,
      visibility: 10,
      wind: { speed: 22.37, unit: 'mph' },
    });
    expect(presentWeather(observation, 'kelvin', 'ru')).toMatchObject({
      temp: 293.15,
      tempMin: 233.15,
      tempMax: 310.15,
      wind: { speed: 10, unit: 'm/s' },
      title: 'Ясно',
    });
  });

  it('keeps what a source could not see as null', () => {
    const blind = { ...observation, temp: null, visibilityKm: null, windSpeed: null, windDirection: null };
    expect(presentWeather(blind, 'fahrenheit', 'en-US')).toMatchObject({
      temp: null,
      visibility: null,
      wind: { direction: null, speed: null, unit: 'mph' },
    });
  });
});
