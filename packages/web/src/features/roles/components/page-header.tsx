import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The title and one-line purpose of an administration screen. */
export function PageHeader({ title, intro, aside }: { title: string; intro: string; aside?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', mb: 3 }}>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
          {intro}
        </Typography>
      </Box>
      {aside}
    </Box>
  );
}
