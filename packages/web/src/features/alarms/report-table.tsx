import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { alarmTitle } from '../../components/alarms/alarm-title.ts';

interface ReportRow {
  id: string;
  title: string;
  source: string;
  value: string;
}

/** One list of the alarm report: the alarm (a link that opens it) and its figure. */
export function ReportTable({
  heading,
  empty,
  rows,
  valueHeading,
  onOpen,
}: {
  heading: string;
  empty: string;
  rows: readonly ReportRow[];
  valueHeading: string;
  onOpen(id: string): void;
}) {
  const { t } = useTranslation('alarms');
  return (
    <Box component="section" aria-label={heading}>
      <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {heading}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Table size="small" aria-label={heading}>
          <TableHead>
            <TableRow>
              <TableCell>{t('report.columns.alarm')}</TableCell>
              <TableCell align="right">{valueHeading}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Link component="button" variant="body2" onClick={() => onOpen(row.id)} sx={{ textAlign: 'left' }}>
                    {alarmTitle(t, {
                      source: row.source,
                      monitored_entity:
                        row.title === row.source ? null : { id: row.id, title: row.title, monitored_entity_type: '' },
                    })}
                  </Link>
                </TableCell>
                <TableCell align="right">{row.value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
