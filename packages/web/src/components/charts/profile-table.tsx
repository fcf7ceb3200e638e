import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useMemo } from 'react';
import { profileRows, type ProfileInput } from './profile-model.ts';
import { visuallyHidden } from '../visually-hidden.ts';

export interface ProfileTableProps {
  profiles: readonly ProfileInput[];
  /** the table's accessible name */
  label: string;
  depthHeading: string;
  format(value: number): string;
  /** false: kept for screen readers only */
  visible: boolean;
}

/** The numbers of a profile chart: a row per depth, a column per profile. */
export function ProfileTable({ profiles, label, depthHeading, format, visible }: ProfileTableProps) {
  const rows = useMemo(() => profileRows(profiles), [profiles]);
  return (
    <Table size="small" stickyHeader aria-label={label} sx={visible ? { '& td, & th': { px: 1 } } : visuallyHidden}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {depthHeading}
          </TableCell>
          {profiles.map((p) => (
            <TableCell key={p.key} component="th" scope="col" align="right">
              {p.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.depth}>
            <TableCell component="th" scope="row">
              {format(row.depth)}
            </TableCell>
            {row.values.map((v, i) => (
              <TableCell key={profiles[i]!.key} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {v === null ? '–' : format(v)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
