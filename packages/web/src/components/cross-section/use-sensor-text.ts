import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../dates/display-date.ts';
import type { SensorLevel } from './sensor-levels.ts';

export type SensorStatus = 'ok' | 'dry' | 'stale' | 'invalid' | 'none';

/** The one word of a sensor's state: refused, unread, dry, stale, or well. */
export function statusOf(level: Pick<SensorLevel, 'invalid' | 'value' | 'dry' | 'stale'>): SensorStatus {
  if (level.invalid) return 'invalid';
  if (level.value === null) return 'none';
  if (level.dry) return 'dry';
  if (level.stale) return 'stale';
  return 'ok';
}

/**
 * How sensors are named in the interface language: the marker's accessible name ("PZ-01 Upstream
 * beach: 1168.4 m", then what is wrong with it), and the short value beside it.
 */
export function useSensorText(altitudeUnit: string) {
  const { t, i18n } = useTranslation('crossSections');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return useMemo(() => {
    const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 2 });
    const value = (l: SensorLevel) =>
      l.invalid
        ? t('sensor.invalid')
        : l.value === null
          ? t('sensor.noReading')
          : `${number(l.value)}${l.unit ? ` ${l.unit}` : ''}`;
    return {
      number,
      status: statusOf,
      shortValue: (l: SensorLevel) => {
        const status = statusOf(l);
        return status === 'ok' || status === 'invalid' || status === 'none'
          ? value(l)
          : `${value(l)} (${t(`status.${status}`)})`;
      },
      name: (l: SensorLevel) =>
        [
          `${l.title}: ${value(l)}`,
          l.dry && t('sensor.dry', { tip: number(l.tip ?? 0), unit: altitudeUnit }),
          l.stale && l.readAt && t('sensor.stale', { time: formatDisplayDate(l.readAt, locale) }),
          l.excluded && t('sensor.excluded'),
        ]
          .filter(Boolean)
          .join(', '),
    };
  }, [t, locale, altitudeUnit]);
}
