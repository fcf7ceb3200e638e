import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-context.ts';
import { importQuery } from '../api/imports-api.ts';
import { importPercent, importSpeed, isImportRunning } from '../model/import-progress.ts';
import { useCountFormat } from '../model/use-count-format.ts';
import { ImportResult } from './import-result.tsx';
import { ImportStatusChip } from './import-status-chip.tsx';

/** An import's progress bar (rows done of rows total, rows a second) while it runs, then its result. */
export function ImportProgress({ importId, fileName }: { importId: string; fileName: string }) {
  const { t } = useTranslation('dataImport');
  const { project } = useSession();
  const count = useCountFormat();
  const run = useQuery(importQuery(project.id, importId));
  if (run.isError) return <Alert severity="error">{t('progress.loadError')}</Alert>;
  if (!run.data) return <LinearProgress aria-label={t('progress.label', { file: fileName })} />;
  const current = run.data;
  const percent = importPercent(current);
  const speed = importSpeed(current, run.dataUpdatedAt);
  return (
    <Stack spacing={1}>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        color={current.status === 'failed' ? 'error' : current.status === 'done' ? 'success' : 'primary'}
        aria-label={t('progress.label', { file: fileName })}
        aria-valuetext={
          percent === null
            ? t('status.queued')
            : t('progress.valueText', { percent, status: t(`status.${current.status}`) })
        }
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ImportStatusChip status={current.status} />
        <Typography variant="body2" color="text.secondary">
          {current.status === 'queued'
            ? t('progress.queued')
            : t('progress.rows', { done: count(current.rows_done), total: count(current.rows_total) })}
          {speed !== null && ` · ${t('progress.speed', { speed: count(speed) })}`}
        </Typography>
      </Stack>
      {!isImportRunning(current) && <ImportResult run={current} />}
    </Stack>
  );
}
