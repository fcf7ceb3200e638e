import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Why a list or page has nothing to show, and what to do about it: an icon, a title, a hint and an
 * optional action, in a dashed frame (requirements#front-end: empty states are designed, never left blank).
 */
export function EmptyState({
  icon,
  title,
  hint,
  action,
}: {
  icon: ReactNode;
  title: string;
  hint: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack
      spacing={1}
      sx={{
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 4, sm: 6 },
        px: 2,
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
        color: 'text.secondary',
        '& > svg': { fontSize: 48 },
      }}
    >
      {icon}
      <Typography variant="h6" component="p" color="text.primary">
        {title}
      </Typography>
      <Typography variant="body2" component="div" sx={{ maxWidth: 520 }}>
        {hint}
      </Typography>
      {action}
    </Stack>
  );
}
