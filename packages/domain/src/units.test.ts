import { describe, expect, it } from 'vitest';
import {
  celsiusToFahrenheit,
  celsiusToKelvin,
  compassPoint,
  COMPASS_POINTS,
  degreesToRadians,
  EARTH_RADIUS_KM,
  fahrenheitToCelsius,
  haversineKm,
  kelvinToCelsius,
  kmhToMps,
  kmToMiles,
  milesToKm,
  mphToMps,
  mpsToMph,
  normaliseDegrees,
  radiansToDegrees,
} from './units.ts';

describe('miles and kilometres (1.609344 km to the mile)', () => {
  it('converts miles to kilometres', () => {
    expect(milesToKm(1)).toBe(1.609344);
    expect(milesToKm(26.2)).toBeCloseTo(42.1648128, 9);
  });

  it('converts kilometres to miles', () => {
    expect(kmToMiles(1.609344)).toBe(1);
    // 10 / 1.609344
    expect(kmToMiles(10)).toBeCloseTo(6.2137119224, 9);
  });
});

describe('Fahrenheit, Celsius and Kelvin', () => {
  it('converts Celsius to Fahrenheit at the fixed points', () => {
    expect(celsiusToFahrenheit(0)).toBe(32);
    expect(celsiusToFahrenheit(100)).toBe(212);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(celsiusToFahrenheit(37)).toBeCloseTo(98.6, 10);
  });

  it('converts Fahrenheit back to Celsius', () => {
    expect(fahrenheitToCelsius(212)).toBe(100);
    expect(fahrenheitToCelsius(68)).toBe(20);
    expect(fahrenheitToCelsius(0)).toBeCloseTo(-17.7778, 4);
  });

  it('converts Celsius and Kelvin by 273.15', () => {
    expect(celsiusToKelvin(0)).toBe(273.15);
    expect(celsiusToKelvin(-273.15)).toBe(0);
    expect(kelvinToCelsius(300)).toBeCloseTo(26.85, 10);
  });
});

describe('degrees and radians', () => {
  it('converts both ways', () => {
    expect(degreesToRadians(180)).toBe(Math.PI);
    expect(degreesToRadians(90)).toBe(Math.PI / 2);
    expect(radiansToDegrees(Math.PI / 4)).toBe(45);
    expect(radiansToDegrees(degreesToRadians(123.4))).toBeCloseTo(123.4, 10);
  });

  it('brings angles into 0 to 360', () => {
    expect(normaliseDegrees(-90)).toBe(270);
    expect(normaliseDegrees(360)).toBe(0);
    expect(normaliseDegrees(725)).toBe(5);
    expect(normaliseDegrees(-720)).toBe(0);
    expect(Object.is(normaliseDegrees(-360), 0)).toBe(true);
    expect(normaliseDegrees(359.5)).toBe(359.5);
  });
});

describe('speeds', () => {
  it('converts metres per second and miles per hour (1 mph = 0.44704 m/s)', () => {
    expect(mphToMps(60)).toBeCloseTo(26.8224, 10);
    expect(mpsToMph(0.44704)).toBe(1);
    // 10 / 0.44704
    expect(mpsToMph(10)).toBeCloseTo(22.3693629205, 9);
  });

  it('converts kilometres per hour to metres per second', () => {
    expect(kmhToMps(36)).toBe(10);
  });
});

describe('haversine distance in km', () => {
  it('is zero from a point to itself', () => {
    expect(haversineKm({ lat: -27.3668, lon: -70.3322 }, { lat: -27.3668, lon: -70.3322 })).toBe(0);
  });

  it('measures a degree of latitude as 2πR / 360', () => {
    // 2 × π × 6371.0088 / 360 = 111.19508 km
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111.19508, 4);
    expect(haversineKm({ lat: 10, lon: 20 }, { lat: 11, lon: 20 })).toBeCloseTo(
      (2 * Math.PI * EARTH_RADIUS_KM) / 360,
      6,
    );
  });

  it('measures a quarter of the equator and pole to pole as πR / 2 and πR', () => {
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 90 })).toBeCloseTo(10007.5572, 3);
    expect(haversineKm({ lat: 90, lon: 0 }, { lat: -90, lon: 0 })).toBeCloseTo(20015.1144, 3);
  });

  it('measures Paris to London at about 343.6 km, the same both ways', () => {
    const paris = { lat: 48.8566, lon: 2.3522 };
    const london = { lat: 51.5074, lon: -0.1278 };
    expect(haversineKm(paris, london)).toBeCloseTo(343.5565, 3);
    expect(haversineKm(london, paris)).toBe(haversineKm(paris, london));
  });

  it('crosses the antimeridian the short way', () => {
    // a degree of longitude on the equator, from 179.5°E to 179.5°W
    expect(haversineKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111.19508, 4);
  });
});

describe('the 16-point compass', () => {
  it('has 16 points, clockwise from north', () => {
    expect(COMPASS_POINTS).toHaveLength(16);
    expect(COMPASS_POINTS.map((_, i) => compassPoint(i * 22.5))).toEqual([...COMPASS_POINTS]);
  });

  it('gives each point 22.5°, centred on its bearing', () => {
    expect(compassPoint(0)).toBe('N');
    expect(compassPoint(11.24)).toBe('N');
    expect(compassPoint(11.25)).toBe('NNE');
    expect(compassPoint(200)).toBe('SSW');
    expect(compassPoint(225)).toBe('SW');
    expect(compassPoint(348.74)).toBe('NNW');
    expect(compassPoint(348.75)).toBe('N');
  });

  it('normalises bearings outside 0 to 360 first', () => {
    expect(compassPoint(360)).toBe('N');
    expect(compassPoint(-45)).toBe('NW');
    expect(compassPoint(450)).toBe('E');
  });
});
