import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A designed empty state: an icon, what is missing and what to do about it. */
export function ExplorerEmpty({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <Box
      role="status"
      sx={{
        py: { xs: 5, sm: 8 },
        px: 3,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        color: 'text.secondary',
        '& > svg': { fontSize: 48, color: 'primary.light', mb: 1 },
      }}
    >
      {icon}
      <Typography variant="h6" component="h2" color="text.primary">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: 480 }}>
        {body}
      </Typography>
    </Box>
  );
}
