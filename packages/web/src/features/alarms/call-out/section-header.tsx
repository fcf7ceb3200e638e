import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A section's heading, what it is for, and its main button. */
export function SectionHeader({
  id,
  title,
  intro,
  action,
}: {
  id: string;
  title: string;
  intro: string;
  action?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
    >
      <Box sx={{ maxWidth: 760 }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {intro}
        </Typography>
      </Box>
      {action && <Box sx={{ flex: 'none' }}>{action}</Box>}
    </Stack>
  );
}
