import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of the event detail. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3, '&:first-child': { mt: 0 } }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1, fontWeight: 700, color: 'text.primary' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
