import { styled, useMediaQuery, useTheme } from '@mui/material';

/**
 * A form that fills a dialog's paper as a flex column, so that the dialog content (not the whole
 * paper) scrolls and the title and buttons stay in view.
 */
export const DialogForm = styled('form')({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 auto',
  minHeight: 0,
});

/** Long forms take the whole screen of a phone. */
export function useFullScreenDialog() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}
