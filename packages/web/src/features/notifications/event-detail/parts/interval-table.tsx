import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { intervalText } from '../../model/interval-text.ts';
import { formatDisplayDate } from '../../../../components/dates/display-date.ts';

export interface IntervalRow {
  key: string;
  time: string;
  /** milliseconds to the next older row; null for the last */
  interval: number | null;
  /** an extra column (a state), when the table has one */
  extra?: ReactNode;
  /** an interval beyond the contracted SLA time: the gap that changed the health */
  late?: boolean;
}

/** Times newest first with the interval to the next older one ('---' for the last, requirements#monitoring-states). */
export function IntervalTable({
  rows,
  label,
  extraHeading,
}: {
  rows: IntervalRow[];
  label: string;
  extraHeading?: string;
}) {
  const { t, i18n } = useTranslation('notifications');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    // A phone scrolls the whole dialog: a second scrolling box inside it would trap the thumb.
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: { sm: 320 } }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('detail.time')}</TableCell>
            {extraHeading && <TableCell>{extraHeading}</TableCell>}
            <TableCell>{t('detail.interval')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDisplayDate(row.time, locale)}</TableCell>
              {extraHeading && <TableCell>{row.extra}</TableCell>}
              <TableCell sx={row.late ? { color: 'warning.dark', fontWeight: 700 } : undefined}>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {intervalText(row.interval, locale)}
                </Box>
                {row.late && ` · ${t('detail.beyondSla')}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
