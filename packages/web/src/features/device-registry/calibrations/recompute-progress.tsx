import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { calibrationRecomputeQuery } from '../api/calibrations-api.ts';
import { recomputeProgress } from '../model/recompute-progress.ts';

/**
 * The recomputation after a change of calibration (issue 34): a bar while it runs, asked every
 * second, then done or failed. Once done, charts and tables read the recomputed values.
 */
export function RecomputeProgress({
  instrumentId,
  calibrationId,
  onClose,
}: {
  instrumentId: string;
  calibrationId: string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('deviceRegistry');
  const client = useQueryClient();
  const recompute = useQuery(calibrationRecomputeQuery(instrumentId, calibrationId));
  const status = recompute.data?.status;
  useEffect(() => {
    // every reading the app holds may be one recomputed: as a manual reading's entry does
    if (status === 'done') void client.invalidateQueries({ queryKey: ['metrics'] });
  }, [status, client]);

  if (recompute.isError)
    return (
      <Alert severity="warning" onClose={onClose}>
        {t('calibrations.recompute.unknown')}
      </Alert>
    );
  const counts = {
    done: (recompute.data?.readings_done ?? 0).toLocaleString(i18n.resolvedLanguage),
    total: (recompute.data?.readings_total ?? 0).toLocaleString(i18n.resolvedLanguage),
  };
  if (!recompute.data || !recomputeProgress(recompute.data).ended) {
    const percent = recompute.data ? recomputeProgress(recompute.data).percent : null;
    return (
      <Box role="status" sx={{ py: 0.5 }}>
        <Typography variant="body2" sx={{ mb: 0.75 }}>
          {recompute.data ? t('calibrations.recompute.running', counts) : t('calibrations.recompute.starting')}
        </Typography>
        <LinearProgress
          aria-label={t('calibrations.recompute.label')}
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
        />
      </Box>
    );
  }
  return recompute.data.status === 'failed' ? (
    <Alert severity="error" role="alert" onClose={onClose}>
      {t('calibrations.recompute.failed', counts)}
    </Alert>
  ) : (
    <Alert severity="success" role="status" onClose={onClose}>
      {t('calibrations.recompute.done', counts)}
    </Alert>
  );
}
