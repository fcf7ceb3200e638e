import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A list edited row by row: `emptyText` while it has no rows, else a table that scrolls sideways on a
 * narrow screen, its headings (and an empty last one over the rows' actions) above `children`, the rows.
 */
export function RowsTable({
  empty,
  emptyText,
  ariaLabel,
  minWidth,
  headings,
  children,
}: {
  empty: boolean;
  emptyText: string;
  ariaLabel: string;
  minWidth: number;
  headings: readonly ReactNode[];
  children: ReactNode;
}) {
  if (empty)
    return (
      <Typography variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={ariaLabel} sx={{ minWidth }}>
        <TableHead>
          <TableRow>
            {headings.map((heading, i) => (
              <TableCell key={i}>{heading}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}
