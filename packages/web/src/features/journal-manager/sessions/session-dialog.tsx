import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
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
import { describeFromScheme } from '../../../components/manual-readings/manual-history.ts';
import { ManualReadingHistoryDialog } from '../../../components/manual-readings/manual-reading-history-dialog.tsx';
import { useJournalAccess } from '../model/use-journal-access.ts';
import { CorrectReadingDialog } from './correct-reading-dialog.tsx';
import { SessionReadingItem } from './session-reading-item.tsx';
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
            {readings.data.objects.map((r) => (
              <SessionReadingItem
                key={r.id}
                reading={r}
                title={titleOf(r)}
                scheme={schemeOf(r)}
                check={checkOf.get(r.id)}
                toleranceMinutes={checks.data?.tolerance_minutes}
                onCorrect={access.canChange(r.entered_by) ? () => setCorrecting(r) : undefined}
                onHistory={() => setHistoryOf(r)}
              />
            ))}
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
