import {
  Alert,
  Box,
  Card,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { chartableMetrics, formatValue, type SchemeRef } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { recentReadingsQuery } from '../../../api/metrics.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { describeFromScheme } from '../../../components/manual-readings/manual-history.ts';
import { ManualReadingChip } from '../../../components/manual-readings/manual-reading-chip.tsx';

const SHOWN = 10;
const wide = { display: { xs: 'none', sm: 'table-cell' } };

/**
 * An entity's newest readings with their raw and calculated values, each marked with its source: a
 * device's, or entered by hand (who, when, and its history a click away).
 */
export function RecentReadings({
  entityId,
  title,
  scheme,
}: {
  entityId: string;
  title: string;
  scheme: SchemeRef | null;
}) {
  const { t, i18n } = useTranslation('dataEntry');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const readings = useQuery(recentReadingsQuery(entityId, SHOWN));
  const metrics = chartableMetrics(scheme).filter((m) => m.group !== 'context_metrics');
  const rows = (readings.data?.objects ?? []).filter((r) => r.data_point_id === null);
  const heading = t('recentReadings.title');
  return (
    <Card variant="outlined" component="section" aria-label={heading} sx={{ mt: 2 }}>
      <Box sx={{ px: 1.5, pt: 1, pb: 0.5 }}>
        <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 600 }}>
          {heading}
        </Typography>
      </Box>
      {readings.isPending && <Skeleton variant="rounded" height={120} sx={{ m: 1.5 }} />}
      {readings.isError && (
        <Alert severity="error" sx={{ m: 1.5 }}>
          {t('recentReadings.failed')}
        </Alert>
      )}
      {readings.data && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1.5 }}>
          {t('recentReadings.empty')}
        </Typography>
      )}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('recentReadings.tableLabel', { title })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('recentReadings.readAt')}</TableCell>
                {metrics.map((m) => (
                  <TableCell key={m.metric} align="right">
                    {m.unit ? `${m.label} (${m.unit})` : m.label}
                  </TableCell>
                ))}
                <TableCell sx={wide}>{t('recentReadings.source')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const source =
                  r.source === 'manual' && r.manual ? (
                    <ManualReadingChip manual={r.manual} subject={title} describe={describeFromScheme(scheme)} />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t('recentReadings.device')}
                    </Typography>
                  );
                return (
                  <TableRow key={`${r.read_at}|${r.data_point_id}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDisplayDate(r.read_at, locale)}
                      {/* on a phone the source would be scrolled out of sight: it goes under the time */}
                      {r.source === 'manual' && <Box sx={{ display: { sm: 'none' }, mt: 0.5 }}>{source}</Box>}
                    </TableCell>
                    {metrics.map((m) => (
                      <TableCell key={m.metric} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatValue(r[m.group]?.[m.key], m, locale) ?? '—'}
                      </TableCell>
                    ))}
                    <TableCell sx={wide}>{source}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
