import { Alert, Box, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ACCEPTABLE_ALARMS_PER_HOUR, FLOOD_ALARMS_PER_10_MINUTES, type AlarmReport } from '@vigil/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmReportQuery } from '../../api/alarms.ts';
import { useSession } from '../../session/session-context.ts';
import { formatDisplayDate } from '../../components/dates/display-date.ts';
import { ReportTable } from './report-table.tsx';

const PERIODS = { day: 24, week: 7 * 24, month: 30 * 24 } as const;
type Period = keyof typeof PERIODS;

/**
 * The alarm system's performance (ISA-18.2 §16, EEMUA 191) over the last day, week or month:
 * raises per hour against the ~6 an operator can handle, the busiest ten minutes against the flood
 * threshold, the share of time in flood, and the alarms to fix first (frequent, chattering, stale).
 */
export function AlarmReportView({ onOpen }: { onOpen(id: string): void }) {
  const { t, i18n } = useTranslation('alarms');
  const { project } = useSession();
  const [period, setPeriod] = useState<Period>('day');
  const range = useMemo(() => {
    // to the next whole minute, so that the query key holds still while the page is open
    const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    return { from: new Date(to.getTime() - PERIODS[period] * 3_600_000).toISOString(), to: to.toISOString() };
  }, [period]);
  const report = useQuery(alarmReportQuery(project.id, range.from, range.to));
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const number = (n: number, digits = 1) => n.toLocaleString(locale, { maximumFractionDigits: digits });

  return (
    <Box>
      <TextField
        select
        size="small"
        label={t('report.period')}
        value={period}
        onChange={(e) => setPeriod(e.target.value as Period)}
        sx={{ minWidth: 200, mb: 2 }}
      >
        {(Object.keys(PERIODS) as Period[]).map((p) => (
          <MenuItem key={p} value={p}>
            {t(`report.periods.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {report.isError && <Alert severity="error">{t('report.failed')}</Alert>}
      {report.isPending && <Skeleton variant="rounded" height={120} />}
      {report.data && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 3 }} useFlexGap>
            <Figure
              label={t('report.perHour')}
              value={number(report.data.alarms_per_hour)}
              note={t('report.perHourTarget', { count: ACCEPTABLE_ALARMS_PER_HOUR })}
              bad={report.data.alarms_per_hour > ACCEPTABLE_ALARMS_PER_HOUR}
            />
            <Figure label={t('report.raised')} value={number(report.data.raised, 0)} />
            <Figure
              label={t('report.peak')}
              value={number(report.data.peak_10_minutes.count, 0)}
              note={
                report.data.peak_10_minutes.start
                  ? t('report.peakAt', { when: formatDisplayDate(report.data.peak_10_minutes.start, locale) })
                  : undefined
              }
              bad={report.data.peak_10_minutes.count > FLOOD_ALARMS_PER_10_MINUTES}
            />
            <Figure
              label={t('report.flood')}
              value={`${number(report.data.flood_share * 100)} %`}
              note={t('report.floodNote', { count: FLOOD_ALARMS_PER_10_MINUTES })}
              bad={report.data.flood_share > 0}
            />
          </Stack>
          <Tables report={report.data} onOpen={onOpen} locale={locale} />
        </>
      )}
    </Box>
  );
}

/** The alarm a report row names, with the figure the row's table is about. */
function reportRow(alarm: { alarm_id: string; title: string; source: string }, value: string) {
  return { id: alarm.alarm_id, title: alarm.title, source: alarm.source, value };
}

function Tables({ report, onOpen, locale }: { report: AlarmReport; onOpen(id: string): void; locale: string }) {
  const { t } = useTranslation('alarms');
  const tables = [
    {
      heading: t('report.top'),
      valueHeading: t('report.columns.raised'),
      rows: report.top_sources.map((r) => reportRow(r, String(r.count))),
    },
    {
      heading: t('report.chattering'),
      valueHeading: t('report.columns.cycles'),
      rows: report.chattering.map((r) => reportRow(r, String(r.cycles))),
    },
    {
      heading: t('report.stale'),
      valueHeading: t('report.columns.since'),
      rows: report.stale.map((r) => reportRow(r, formatDisplayDate(r.active_since, locale))),
    },
  ];
  return (
    <Stack spacing={3}>
      {tables.map((table) => (
        <ReportTable key={table.heading} {...table} empty={t('report.none')} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

function Figure({ label, value, note, bad = false }: { label: string; value: string; note?: string; bad?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" color={bad ? 'error' : 'text.primary'} sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}
