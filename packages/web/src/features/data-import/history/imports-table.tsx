import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LoggerImport } from '@vigil/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-context.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { importsPageQuery } from '../api/imports-api.ts';
import { ImportResult } from '../import/import-result.tsx';
import { ImportStatusChip } from '../import/import-status-chip.tsx';
import { useCountFormat } from '../model/use-count-format.ts';

const PAGE_SIZES = [10, 25, 50] as const;
const COUNTS = ['rows_done', 'readings_accepted', 'duplicates', 'invalid_values'] as const;

/** The past imports tab: who sent which file when, its status and counts; a file opens its result. */
export function ImportsTable() {
  const { t, i18n } = useTranslation('dataImport');
  const { project } = useSession();
  const count = useCountFormat();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [shown, setShown] = useState<LoggerImport | null>(null);
  const imports = useQuery({ ...importsPageQuery(project.id, page, pageSize), placeholderData: keepPreviousData });
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const value = (run: LoggerImport, key: (typeof COUNTS)[number]) =>
    key === 'rows_done' ? run.rows_done : run.result[key];

  if (imports.isPending)
    return (
      <Stack spacing={1} aria-label={t('states.loading')}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  if (imports.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void imports.refetch()}>{t('actions.retry')}</Button>}>
        {t('history.loadError')}
      </Alert>
    );
  if (imports.data.count === 0)
    return <EmptyState icon={<HistoryOutlined />} title={t('history.emptyTitle')} hint={t('history.emptyBody')} />;
  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('history.label')}>
          <TableHead>
            <TableRow>
              {(['file', 'status', 'created_by', 'created_at'] as const).map((name) => (
                <TableCell key={name}>{t(`history.columns.${name}`)}</TableCell>
              ))}
              {COUNTS.map((name) => (
                <TableCell key={name} align="right">
                  {t(`history.columns.${name}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {imports.data.objects.map((run) => (
              <TableRow key={run.id} hover>
                <TableCell sx={{ minWidth: 200, maxWidth: 320, overflowWrap: 'anywhere' }}>
                  <Link component="button" type="button" onClick={() => setShown(run)} sx={{ textAlign: 'left' }}>
                    {run.file_name}
                  </Link>
                </TableCell>
                <TableCell>
                  <ImportStatusChip status={run.status} />
                </TableCell>
                <TableCell>{run.created_by ?? t('history.folder')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(run.created_at, locale)}</TableCell>
                {COUNTS.map((key) => (
                  <TableCell key={key} align="right">
                    {count(value(run, key))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={imports.data.count}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('pagination.rowsPerPage')}
        labelDisplayedRows={({ from, to, count: total }) => t('pagination.displayed', { from, to, count: total })}
        getItemAriaLabel={(type) => t(`pagination.${type}`)}
        sx={{
          '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
            display: { xs: 'none', sm: 'inline-flex' },
          },
        }}
      />
      <ResultDialog run={shown} onClose={() => setShown(null)} />
    </>
  );
}

function ResultDialog({ run, onClose }: { run: LoggerImport | null; onClose(): void }) {
  const { t } = useTranslation('dataImport');
  const titleId = useId();
  return (
    <Dialog open={Boolean(run)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {run?.file_name}
      </DialogTitle>
      <DialogContent dividers>{run && <ImportResult run={run} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
