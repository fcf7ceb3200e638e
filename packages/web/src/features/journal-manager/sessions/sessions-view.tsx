import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import {
  Button,
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { dataSessionsQuery } from '../../../api/journal.ts';
import { useSession } from '../../../session/session-context.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { SessionDialog } from './session-dialog.tsx';
import { SessionStatus } from './session-status.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadFailedAlert } from '../../../components/load-failed-alert.tsx';

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };

/** The data sessions tab: every round of manual readings with its status, author, times and reading count. */
export function SessionsView() {
  const { t, i18n } = useTranslation('journal');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { project } = useSession();
  const sessions = useQuery(dataSessionsQuery(project.id));
  const [params, setParams] = useSearchParams();
  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('session', id);
      else next.delete('session');
      return next;
    });

  if (sessions.isPending)
    return <Skeleton variant="rounded" height={200} role="progressbar" aria-label={t('sessions.loading')} />;
  if (sessions.isError) {
    return <LoadFailedAlert onRetry={() => void sessions.refetch()}>{t('sessions.failed')}</LoadFailedAlert>;
  }
  const list = sessions.data;
  return (
    <>
      {list.length === 0 ? (
        <EmptyState
          icon={<EditNoteOutlined />}
          title={t('sessions.empty')}
          hint={t('sessions.emptyHint')}
          action={
            <Button variant="contained" component={RouterLink} to="/data-entry" sx={{ mt: 1 }}>
              {t('sessions.enterReadings')}
            </Button>
          }
        />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('sessions.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ minWidth: { sm: 220 } }}>{t('sessions.columns.title')}</TableCell>
                <TableCell>{t('sessions.columns.status')}</TableCell>
                <TableCell sx={hideOnPhone}>{t('sessions.columns.author')}</TableCell>
                <TableCell sx={hideOnPhone}>{t('sessions.columns.started')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('sessions.columns.ended')}</TableCell>
                <TableCell align="right">{t('sessions.columns.readings')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((s) => (
                <TableRow key={s.id} hover selected={params.get('session') === s.id}>
                  <TableCell>
                    <Link component="button" underline="hover" onClick={() => open(s.id)} sx={{ textAlign: 'left' }}>
                      {s.title}
                    </Link>
                    {/* on a phone the author and start fold under the title */}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { sm: 'none' } }} component="p">
                      {[s.author, formatDisplayDate(s.started_at, locale)].filter(Boolean).join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <SessionStatus status={s.status} />
                  </TableCell>
                  <TableCell sx={hideOnPhone}>{s.author ?? t('entry.unknownUser')}</TableCell>
                  <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>
                    {formatDisplayDate(s.started_at, locale)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    {s.ended_at ? formatDisplayDate(s.ended_at, locale) : '—'}
                  </TableCell>
                  <TableCell align="right">{s.readings_count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <SessionDialog sessionId={params.get('session')} onClose={() => open(null)} />
    </>
  );
}
