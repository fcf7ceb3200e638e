import {
  celsiusToFahrenheit,
  celsiusToKelvin,
  kmToMiles,
  mpsToMph,
  normaliseDegrees,
  weatherDisplayUnits,
  weatherTitle,
  type WeatherReport,
  type WeatherUnits,
} from '@vigil/domain';
import type { Observation } from './observation.ts';

/** Two decimals: enough for any display, and Kelvin keeps its .15. */
const round = (value: number | null, decimals = 2) => {
  if (value === null) return null;
  const factor = 10 ** decimals;
  // `+ 0` turns -0 into 0.
  return Math.round(value * factor) / factor + 0;
};

/** An observation in the units asked for (°C, °F or K; m/s or mph; km or miles) and the caller's language. */
export function presentWeather(o: Observation, units: WeatherUnits, lang: string): WeatherReport {
  const temperature = (celsius: number | null) =>
    celsius === null
      ? null
      : round(
          units === 'fahrenheit'
            ? celsiusToFahrenheit(celsius)
            : units === 'kelvin'
              ? celsiusToKelvin(celsius)
              : celsius,
        );
  const imperial = units === 'fahrenheit';
  return {
    temp: temperature(o.temp),
    tempMin: temperature(o.tempMin),
    tempMax: temperature(o.tempMax),
    pressure: round(o.pressure),
    humidity: round(o.humidity, 0),
    visibility: round(o.visibilityKm === null ? null : imperial ? kmToMiles(o.visibilityKm) : o.visibilityKm),
    country: o.country,
    rainfall: round(o.rainfall),
    icon: o.icon,
    title: weatherTitle(o.icon, lang),
    subtitle: o.subtitle,
    coordinates: o.coordinates,
    wind: {
      // Rounded first, so that 359.6° is 0°, not 360°.
      direction: o.windDirection === null ? null : normaliseDegrees(Math.round(o.windDirection)),
      speed: round(o.windSpeed === null ? null : imperial ? mpsToMph(o.windSpeed) : o.windSpeed),
      unit: weatherDisplayUnits(units).speed,
    },
    time: o.time,
    source: o.source,
  };
}
