import type { Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';

/** requirements#shell-constants: the menu is 256 px wide and collapses to the 7-unit spacing. */
export const MENU_WIDTH = 256;
export const collapsedMenuWidth = (theme: Theme) => theme.spacing(7);

/** The menu is drawn in the project's dark primary colour; these are its text and state shades. */
export const menuColors = (theme: Theme) => {
  const ink = theme.palette.primary.contrastText;
  return {
    background: theme.palette.primary.dark,
    ink,
    text: alpha(ink, 0.84),
    muted: alpha(ink, 0.6),
    divider: alpha(ink, 0.14),
    hover: alpha(ink, 0.08),
    selected: alpha(ink, 0.16),
    accent: theme.palette.secondary.main,
  };
};
