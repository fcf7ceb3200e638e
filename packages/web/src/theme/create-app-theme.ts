import { createTheme, type Theme } from '@mui/material/styles';
import { DEFAULT_PALETTE, type ThemeFile } from './theme-file.ts';

/** The MUI theme for a theme file: its palette over Vigil's defaults. */
export function createAppTheme(file: ThemeFile | undefined): Theme {
  return createTheme({
    palette: {
      primary: file?.palette?.primary ?? DEFAULT_PALETTE.primary,
      secondary: file?.palette?.secondary ?? DEFAULT_PALETTE.secondary,
      ...(file?.palette?.background ? { background: file.palette.background } : {}),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    },
  });
}
