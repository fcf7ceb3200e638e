import { Box, Skeleton, Tooltip, Typography } from '@mui/material';
import { isStationSource, weatherDisplayUnits, type WeatherReport, type WeatherUnits } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../model/weather-card.ts';
import { WeatherIcon } from './weather-icon.tsx';

interface ForecastRowProps {
  periods: WeatherReport[] | undefined;
  units: WeatherUnits;
  loading: boolean;
  failed: boolean;
}

/** The coming periods side by side: when, the sky, the temperature and the rain of each. */
export function WeatherForecastRow({ periods, units, loading, failed }: ForecastRowProps) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const unit = weatherDisplayUnits(units);
  // Short enough for a quarter of a phone's width: minutes only where the zone is not on the hour.
  const when = (iso: string) => {
    const date = new Date(iso);
    const minutes = date.getMinutes() ? { minute: '2-digit' as const } : {};
    return date.toLocaleString(locale, { weekday: 'short', hour: 'numeric', ...minutes });
  };
  // A station cannot forecast: it repeats yesterday's same hours, and says so.
  const persistence = periods?.[0] && isStationSource(periods[0].source);
  return (
    <Box component="section" aria-label={t('weather.forecast')} sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="h4" sx={{ lineHeight: 1.6 }}>
        {t('weather.forecast')}
        {persistence && (
          <Typography component="span" variant="caption" sx={{ textTransform: 'none', ml: 1 }}>
            {t('weather.persistence')}
          </Typography>
        )}
      </Typography>
      {loading ? (
        <Skeleton variant="rounded" height={56} />
      ) : failed || !periods?.length ? (
        <Typography variant="body2" color="text.secondary">
          {failed ? t('weather.forecastError') : t('weather.noForecast')}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
            gap: { xs: 0.5, sm: 1 },
            m: 0,
            p: 0,
          }}
        >
          {periods.map((p) => (
            <Tooltip key={p.time} title={p.title}>
              <Box
                component="li"
                sx={{
                  listStyle: 'none',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  py: 0.25,
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                  minWidth: 0,
                }}
              >
                <Typography variant="caption" color="text.secondary" noWrap>
                  {when(p.time)}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <WeatherIcon icon={p.icon} size={18} />
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {p.temp === null ? t('na') : `${formatNumber(p.temp, locale)} ${unit.temperature}`}
                  </Typography>
                </Box>
                <Typography variant="caption" color="text.secondary" noWrap>
                  {p.rainfall === null ? '\u00a0' : `${formatNumber(p.rainfall, locale)} ${unit.rainfall}`}
                </Typography>
              </Box>
            </Tooltip>
          ))}
        </Box>
      )}
    </Box>
  );
}
