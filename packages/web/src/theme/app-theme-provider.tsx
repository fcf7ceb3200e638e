import type { Theme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { useMemo, type ReactNode } from 'react';

/**
 * MUI's ThemeProvider for Vigil's themes, which have no colour schemes: what `@mui/material`'s
 * ThemeProvider renders for such a theme, without its CSS-variables branch (2.5 KiB gzip on the
 * login page, ADR 0049). `vars: null` as MUI sets it, so an inner theme never inherits variables.
 */
export function AppThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  const noVars = useMemo(() => ({ ...theme, vars: null }), [theme]);
  return <ThemeProvider theme={noVars}>{children}</ThemeProvider>;
}
