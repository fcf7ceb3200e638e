import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ManualReading, SchemeObject } from '@vigil/domain';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataSessionQuery, sessionChecksQuery, sessionReadingsQuery } from '../../../api/journal.ts';
import { deviceChoicesQuery, schemesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { describeFromScheme, metricText } from '../../../components/manual-readings/manual-history.ts';
import { useManualSummary } from '../../../components/manual-readings/manual-reading-chip.tsx';
import { ManualReadingHistoryDialog } from '../../../components/manual-readings/manual-reading-history-dialog.tsx';
import { describeSchemeMetric } from '../model/reading-checks.ts';
import { useJournalAccess } from '../model/use-journal-access.ts';
import { CorrectReadingDialog } from './correct-reading-dialog.tsx';
import { ReadingCheckView } from './reading-check.tsx';
import { SessionStatus } from './session-status.tsx';

/** One data session and its readings: device, read time, values with units, who entered and corrected them. */
export function SessionDialog({ sessionId, onClose }: { sessionId: string | null; onClose(): void }) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={Boolean(sessionId)}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      {sessionId && <SessionContent sessionId={sessionId} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function SessionContent({ sessionId, titleId, onClose }: { sessionId: string; titleId: string; onClose(): void }) {
  const { t, i18n } = useTranslation('journal');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { project } = useSession();
  const access = useJournalAccess();
  const summary = useManualSummary();
  const session = useQuery(dataSessionQuery(project.id, sessionId));
  const readings = useQuery(sessionReadingsQuery(project.id, sessionId));
  // the check against the loggers is extra: the readings show without it, and it never blocks them
  const checks = useQuery(sessionChecksQuery(project.id, sessionId));
  const checkOf = useMemo(
    () => new Map((checks.data?.objects ?? []).map((c) => [c.manual_reading_id, c])),
    [checks.data],
  );
  const devices = useQuery(deviceChoicesQuery(project.id));
  const schemes = useQuery(schemesQuery(project.id));
  const [correcting, setCorrecting] = useState<ManualReading | null>(null);
  const [historyOf, setHistoryOf] = useState<ManualReading | null>(null);
  const deviceById = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d])), [devices.data]);
  const schemeById = useMemo(
    () => new Map<string, SchemeObject>((schemes.data ?? []).map((s) => [s.id, s])),
    [schemes.data],
  );
  const schemeOf = (r: ManualReading | null) => {
    const id = r ? deviceById.get(r.monitored_entity_id)?.scheme?.id : undefined;
    return id ? schemeById.get(id) : undefined;
  };
  const titleOf = (r: ManualReading) => deviceById.get(r.monitored_entity_id)?.title ?? t('entry.unknownDevice');
  const s = session.data;

  return (
    <>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {s?.title ?? t('sessions.loading')}
      </DialogTitle>
      <DialogContent dividers>
        {session.isError && <Alert severity="error">{t('sessions.notFound')}</Alert>}
        {s && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <SessionStatus status={s.status} />
            <Typography variant="body2" color="text.secondary">
              {[
                t('sessions.byAuthor', { user: s.author ?? t('entry.unknownUser') }),
                t('sessions.startedAt', { date: formatDisplayDate(s.started_at, locale) }),
                s.ended_at ? t('sessions.endedAt', { date: formatDisplayDate(s.ended_at, locale) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Stack>
        )}
        {readings.isPending && <Skeleton variant="rounded" height={120} aria-label={t('sessions.readingsLoading')} />}
        {readings.isError && <Alert severity="error">{t('sessions.readingsFailed')}</Alert>}
        {readings.data?.objects.length === 0 && <Alert severity="info">{t('sessions.noReadings')}</Alert>}
        {readings.data && readings.data.objects.length > 0 && (
          <List disablePadding aria-label={t('sessions.readingsLabel')}>
            {readings.data.objects.map((r) => {
              const describe = describeFromScheme(schemeOf(r));
              return (
                <ListItem
                  key={r.id}
                  divider
                  disableGutters
                  aria-label={titleOf(r)}
                  sx={{
                    display: 'flex',
                    flexDirection: { xs: 'column', sm: 'row' },
                    alignItems: { sm: 'center' },
                    gap: 1,
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="subtitle2" component="h3">
                      {titleOf(r)}
                    </Typography>
                    <Typography variant="body2">
                      {Object.entries(r.raw_metrics)
                        .map(([key, value]) => {
                          const text = metricText(key, value, describe, locale);
                          return `${text.label} ${text.value}`;
                        })
                        .join(' · ')}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {t('sessions.readAt', { date: formatDisplayDate(r.read_at, locale) })} · {summary(r)}
                    </Typography>
                    {checkOf.get(r.id) && (
                      <ReadingCheckView
                        check={checkOf.get(r.id)!}
                        toleranceMinutes={checks.data!.tolerance_minutes}
                        describe={describeSchemeMetric(schemeOf(r))}
                      />
                    )}
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flex: 'none' }}>
                    {access.canChange(r.entered_by) && (
                      <Button size="small" startIcon={<EditOutlined />} onClick={() => setCorrecting(r)}>
                        {t('sessions.correct')}
                      </Button>
                    )}
                    <Button size="small" startIcon={<HistoryOutlined />} onClick={() => setHistoryOf(r)}>
                      {t('sessions.history')}
                    </Button>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
      <CorrectReadingDialog
        reading={correcting}
        subject={correcting ? titleOf(correcting) : ''}
        scheme={schemeOf(correcting)}
        onClose={() => setCorrecting(null)}
      />
      <ManualReadingHistoryDialog
        readingId={historyOf?.id ?? null}
        subject={historyOf ? titleOf(historyOf) : undefined}
        describe={describeFromScheme(schemeOf(historyOf))}
        onClose={() => setHistoryOf(null)}
      />
    </>
  );
}
