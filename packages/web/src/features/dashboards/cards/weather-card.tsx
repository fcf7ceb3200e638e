import { Box, Typography } from '@mui/material';
import { WEATHER_CACHE_MS, weatherDisplayUnits, type DashboardCard, type WeatherReport } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentWeatherQuery, weatherForecastQuery } from '../../../api/weather.ts';
import { useSession } from '../../../session/session-context.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { formatNumber, sourceOf, weatherPlace, weatherRequest, windPoint } from '../model/weather-card.ts';
import { CardFrame } from './card-frame.tsx';
import { WeatherForecastRow } from './weather-forecast-row.tsx';
import { WeatherIcon } from './weather-icon.tsx';

type Card = Extract<DashboardCard, { type: 'weather' }>;

/**
 * The weather at the card's coordinates or the project's first place (requirements#monitoring-screens): now, with the
 * day's extremes, wind on the 16-point compass, and a row of coming periods; the source named.
 */
export function WeatherCard({ card }: { card: Card }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { project } = useSession();
  const place = weatherPlace(card, project.places);
  const request = place && weatherRequest(card, place, locale);
  const current = useQuery({
    ...currentWeatherQuery(project.id, request!),
    enabled: request !== null,
    refetchInterval: WEATHER_CACHE_MS,
  });
  const forecast = useQuery({
    ...weatherForecastQuery(project.id, request!),
    enabled: request !== null,
    refetchInterval: WEATHER_CACHE_MS,
  });
  const where =
    place?.name ?? (place ? `${formatNumber(place.lat, locale, 4)}, ${formatNumber(place.lon, locale, 4)}` : '');
  const title = card.title || (place ? t('weather.title', { place: where }) : t('cardTypes.weather'));
  const nowhere = current.data === null;
  const empty = !place ? t('weather.noPlace') : nowhere ? t('weather.noStation') : null;
  return (
    <CardFrame
      title={title}
      subtitle={current.data?.subtitle}
      loading={request !== null && current.isPending}
      error={current.isError}
      onRetry={() => void current.refetch()}
      empty={empty}
    >
      {current.data && (
        <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 1 }}>
          <CurrentWeather report={current.data} units={card.units} />
          <WeatherForecastRow
            periods={forecast.data?.objects}
            units={card.units}
            loading={forecast.isPending}
            failed={forecast.isError}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 'auto' }}>
            {footnote(current.data, locale, t)}
          </Typography>
        </Box>
      )}
    </CardFrame>
  );
}

/** Who measured it (or forecast it), when and where. */
function footnote(report: WeatherReport, locale: string, t: TFunction<'dashboards'>): string {
  const source = sourceOf(report.source);
  const coordinates = `${formatNumber(report.coordinates.lat, locale, 4)}, ${formatNumber(report.coordinates.lon, locale, 4)}`;
  return [
    source.kind === 'station'
      ? t('weather.sourceStation', { eid: source.eid })
      : t('weather.sourceProvider', { name: source.name }),
    t('weather.measuredAt', { time: formatDisplayDate(report.time, locale) }),
    report.country ? `${coordinates}, ${report.country}` : coordinates,
  ].join(' · ');
}

/** The temperature large beside the sky, then the other readings in a grid. */
function CurrentWeather({ report, units }: { report: WeatherReport; units: Card['units'] }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const unit = weatherDisplayUnits(units);
  const value = (v: number | null, u: string, decimals = 1) =>
    v === null ? t('na') : `${formatNumber(v, locale, decimals)} ${u}`;
  const point = windPoint(report);
  const wind =
    report.wind.speed === null && point === null
      ? t('na')
      : [
          point && t(`weather.compass.${point}`),
          report.wind.speed !== null && value(report.wind.speed, report.wind.unit),
        ]
          .filter(Boolean)
          .join(' · ');
  const details: Array<[string, string, string?]> = [
    [t('weather.wind'), wind, report.wind.direction === null ? undefined : `${report.wind.direction}°`],
    [t('weather.humidity'), value(report.humidity, unit.humidity, 0)],
    [t('weather.pressure'), value(report.pressure, unit.pressure)],
    [t('weather.rainfall'), value(report.rainfall, unit.rainfall)],
    [t('weather.visibility'), value(report.visibility, unit.visibility)],
  ];
  return (
    <Box component="section" aria-label={t('weather.now')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 } }}>
        <WeatherIcon icon={report.icon} size={44} />
        <Typography
          variant="h4"
          component="p"
          sx={{ fontWeight: 600, lineHeight: 1.1, whiteSpace: 'nowrap', fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
        >
          {value(report.temp, unit.temperature)}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {report.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('weather.lowHigh', {
              low: value(report.tempMin, unit.temperature),
              high: value(report.tempMax, unit.temperature),
            })}
          </Typography>
        </Box>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5 }}>
        {details.map(([label, text, hint]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary" noWrap>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" noWrap sx={{ m: 0, fontWeight: 500 }} title={hint}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
