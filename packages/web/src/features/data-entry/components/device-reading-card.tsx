import CloseIcon from '@mui/icons-material/Close';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { formatValue } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { localDateTime } from '../../../components/dates/local-date-time.ts';
import { readAtError, type RoundDevice, type RoundEntry } from '../model/round.ts';
import type { DeviceCheck, EntryDevice } from '../model/value-checks.ts';
import { levelColour, MetricInput } from './metric-input.tsx';

export interface DeviceReadingCardProps {
  device: RoundDevice;
  entry: RoundEntry;
  profile: { data?: EntryDevice; isError: boolean; refetch(): unknown };
  check: DeviceCheck | null;
  /** the server's complaints of the last submission, by field */
  problems?: Record<string, string>;
  /** the readings are sent: nothing may change any more */
  locked: boolean;
  now: Date;
  onValue(key: string, text: string): void;
  onReadAt(local: string): void;
  onRemove(): void;
}

/** One device of the round: its read time, a field per raw metric of its scheme, and what they make. */
export function DeviceReadingCard(props: DeviceReadingCardProps) {
  const { device, entry, profile, check, problems, locked, now, onValue, onReadAt, onRemove } = props;
  const { t, i18n } = useTranslation('dataEntry');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const spec = profile.data?.scheme?.spec;
  const rawMetrics = spec?.metrics.raw_metrics ?? [];
  const timeError = readAtError(entry.readAt, now);
  const breaches = [
    ...rawMetrics.flatMap((m) => {
      const c = check?.raw[m.key];
      return c?.kind === 'ok' && c.hit ? [{ metric: m, value: c.value, hit: c.hit }] : [];
    }),
    ...(check?.calculated ?? []).flatMap((c) =>
      c.hit && c.value !== null ? [{ metric: c.metric, value: c.value, hit: c.hit }] : [],
    ),
  ];
  const worst = breaches.some((b) => b.hit.level === 'critical') ? 'critical' : breaches.length ? 'warning' : null;
  const show = (value: number, metric: { decimals?: number; unit: string }) =>
    `${formatValue(value, { decimals: metric.decimals }, locale) ?? value}${metric.unit ? ` ${metric.unit}` : ''}`;

  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={device.title}
      sx={{ borderColor: worst ? levelColour(worst) : undefined, borderWidth: worst ? 2 : 1 }}
    >
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {device.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[device.eid, profile.data?.scheme?.name].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <Tooltip title={t('device.remove')}>
            <span>
              <IconButton
                aria-label={t('device.removeNamed', { title: device.title })}
                onClick={onRemove}
                disabled={locked}
                edge="end"
              >
                <CloseIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>

        {profile.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
                {t('actions.retry')}
              </Button>
            }
          >
            {t('device.loadFailed')}
          </Alert>
        )}
        {!profile.data && !profile.isError && (
          <Stack spacing={1.5} role="progressbar" aria-label={t('device.loading')}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        )}
        {profile.data && rawMetrics.length === 0 && <Alert severity="info">{t('device.noMetrics')}</Alert>}

        {profile.data && rawMetrics.length > 0 && (
          <>
            {worst && (
              <Alert
                role="status"
                severity={worst === 'critical' ? 'error' : 'warning'}
                icon={<ReportProblemOutlined />}
                sx={{ mb: 2 }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`breach.title.${worst}`)}
                </Typography>
                {breaches.map((b) => (
                  <Typography variant="body2" key={b.metric.key}>
                    {t(`breach.line.${b.hit.level}`, {
                      metric: b.metric.label,
                      value: show(b.value, b.metric),
                      limit: show(b.hit.limit.value, b.metric),
                    })}
                  </Typography>
                ))}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', maxWidth: { sm: 360 }, mb: 0.5 }}>
              <TextField
                type="datetime-local"
                label={t('device.readAt')}
                value={entry.readAt}
                onChange={(e) => onReadAt(e.target.value)}
                disabled={locked}
                error={Boolean(timeError || problems?.read_at)}
                helperText={problems?.read_at ?? (timeError ? t(`device.readAtError.${timeError}`) : ' ')}
                fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localDateTime(now) } }}
              />
              <Button
                onClick={() => onReadAt(localDateTime(new Date()))}
                disabled={locked}
                sx={{ mt: 1, flex: 'none' }}
              >
                {t('device.now')}
              </Button>
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
              }}
            >
              {rawMetrics.map((metric) => (
                <MetricInput
                  key={metric.key}
                  metric={metric}
                  text={entry.values[metric.key] ?? ''}
                  check={check?.raw[metric.key] ?? { kind: 'empty' }}
                  problem={problems?.[metric.key]}
                  disabled={locked}
                  onChange={(text) => onValue(metric.key, text)}
                />
              ))}
            </Box>
            {check && check.calculated.length > 0 && (
              <Box
                component="dl"
                sx={{
                  m: 0,
                  mt: 0.5,
                  maxWidth: { sm: 420 },
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  gap: 0.5,
                }}
              >
                {check.calculated.map((c) => (
                  <Box key={c.metric.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {c.metric.label}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{
                        m: 0,
                        textAlign: 'right',
                        fontWeight: c.hit ? 600 : undefined,
                        color: c.refused ? 'error.main' : c.hit ? levelColour(c.hit.level) : undefined,
                      }}
                    >
                      {c.value === null
                        ? t('device.calculatedPending')
                        : c.refused
                          ? t('check.impossible', { value: show(c.value, c.metric) })
                          : show(c.value, c.metric)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
            {problems?.eid && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {problems.eid}
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
