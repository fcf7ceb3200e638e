import { TableCell, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The first cell of a matrix row: what the row is, with its details below (some only on wider screens). */
export function MatrixRowHeader({ title, details }: { title: string; details?: ReactNode }) {
  return (
    <TableCell component="th" scope="row" sx={{ pl: { xs: 1, sm: 2 }, pr: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'break-word' }}>
        {title}
      </Typography>
      {details}
    </TableCell>
  );
}
