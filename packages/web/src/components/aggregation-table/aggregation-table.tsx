import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { formatValue, type AggregateInterval } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { windowLabel, type AggregationRow } from './aggregation-rows.ts';

export interface AggregationColumn {
  key: string;
  label: string;
  unit: string;
  decimals: number | undefined;
}

interface AggregationTableProps {
  columns: readonly AggregationColumn[];
  rows: readonly AggregationRow[];
  interval: AggregateInterval;
  /** names the table for screen readers */
  label: string;
  /** the heading of the windows' column */
  windowHeading: string;
  /** a week's name from its Monday's date, e.g. "Week of 2 Nov 2026" */
  weekOf(date: string): string;
}

/** The windows' column stays in view while the devices scroll sideways (a phone, many devices). */
const stickyFirst = { position: 'sticky', left: 0, whiteSpace: 'nowrap' } as const;

/** Aggregates per window (rows, newest first) and per device (columns), units in the headings. */
export function AggregationTable({ columns, rows, interval, label, windowHeading, weekOf }: AggregationTableProps) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    <TableContainer sx={{ flex: 1, minHeight: 0 }}>
      <Table stickyHeader size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ ...stickyFirst, zIndex: 3 }}>
              {windowHeading}
            </TableCell>
            {columns.map((c) => (
              <TableCell key={c.key} component="th" scope="col" align="right" sx={{ minWidth: 96, maxWidth: 180 }}>
                {c.unit ? `${c.label} (${c.unit})` : c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.start} hover>
              <TableCell component="th" scope="row" sx={{ ...stickyFirst, bgcolor: 'background.paper' }}>
                {windowLabel(row.start, interval, locale, weekOf)}
              </TableCell>
              {row.values.map((value, i) => (
                <TableCell key={columns[i]!.key} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatValue(value, columns[i]!, locale) ?? '–'}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
