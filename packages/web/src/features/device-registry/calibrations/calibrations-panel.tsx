import AddOutlined from '@mui/icons-material/AddOutlined';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Calibration } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { calibrationsQuery } from '../../../api/calibrations.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useNow } from '../../../components/dates/use-now.ts';
import { useChangeCalibration } from '../api/calibrations-api.ts';
import { calibrationTimeline } from '../model/calibration-timeline.ts';
import { useRegistryAccess } from '../model/use-registry-access.ts';
import { CalibrationDialog, type CalibrationDialogSubject } from './calibration-dialog.tsx';
import { CalibrationEntry } from './calibration-entry.tsx';
import { RecomputeProgress } from './recompute-progress.tsx';

/**
 * An instrument's calibrations as a timeline, newest first (issue 34). Curators add, change and
 * delete them; each change is followed by the recomputation of the readings it covers.
 */
export function CalibrationsPanel({ instrumentId }: { instrumentId: string }) {
  const { t } = useTranslation('deviceRegistry');
  const { canEdit } = useRegistryAccess();
  const now = useNow();
  const list = useQuery(calibrationsQuery(instrumentId));
  const change = useChangeCalibration(instrumentId);
  const [editing, setEditing] = useState<CalibrationDialogSubject | null>(null);
  const [deleting, setDeleting] = useState<Calibration | null>(null);
  // the calibration whose change is being recomputed: a deleted one keeps its id for the status
  const [recomputing, setRecomputing] = useState<string | null>(null);
  const timeline = calibrationTimeline(list.data ?? [], now);

  const remove = (calibration: Calibration) =>
    change.mutate(
      { action: 'delete', id: calibration.id },
      {
        onSuccess: (id) => {
          setDeleting(null);
          setRecomputing(id);
        },
      },
    );

  return (
    <Stack spacing={2} component="section" aria-label={t('calibrations.title')}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('calibrations.intro')}
        </Typography>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing({ mode: 'create', newest: timeline[0]?.calibration })}
          >
            {t('calibrations.add')}
          </Button>
        )}
      </Stack>
      {!canEdit && <Alert severity="info">{t('calibrations.readOnly')}</Alert>}
      {recomputing && (
        <RecomputeProgress
          instrumentId={instrumentId}
          calibrationId={recomputing}
          onClose={() => setRecomputing(null)}
        />
      )}
      {list.isPending && <Skeleton variant="rounded" height={160} aria-label={t('loading')} />}
      {list.isError && (
        <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>}>
          {t('calibrations.loadError')}
        </Alert>
      )}
      {list.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('calibrations.none')}
        </Typography>
      )}
      {timeline.length > 0 && (
        <Box component="ol" aria-label={t('calibrations.timeline')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {timeline.map((entry, index) => (
            <CalibrationEntry
              key={entry.calibration.id}
              entry={entry}
              last={index === timeline.length - 1}
              onEdit={canEdit ? () => setEditing({ mode: 'edit', calibration: entry.calibration }) : undefined}
              onDelete={canEdit ? () => setDeleting(entry.calibration) : undefined}
            />
          ))}
        </Box>
      )}
      <CalibrationDialog
        instrumentId={instrumentId}
        subject={editing}
        onClose={() => setEditing(null)}
        onSaved={(id) => {
          setEditing(null);
          setRecomputing(id);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('calibrations.deleteTitle')}
        body={t('calibrations.deleteBody')}
        confirmLabel={t('actions.delete')}
        pending={change.isPending}
        failure={change.isError ? refusalText(change.error, t('form.tryAgain')) : null}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => {
          setDeleting(null);
          change.reset();
        }}
      />
    </Stack>
  );
}
