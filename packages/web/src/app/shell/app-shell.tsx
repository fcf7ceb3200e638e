import { Box } from '@mui/material';
import type { ReactNode } from 'react';

export function AppShell({ children }: { children: ReactNode }) {
  return <Box component="main">{children}</Box>;
}
