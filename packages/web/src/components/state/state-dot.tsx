import { Box, type SxProps, type Theme } from '@mui/material';
import { paintOf } from './state-paint.ts';

/** A small disc in a state's colour; unknown values are grey. */
export function StateDot({ state, size = 10, sx }: { state: unknown; size?: number; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={[
        {
          display: 'inline-block',
          width: size,
          height: size,
          borderRadius: '50%',
          bgcolor: paintOf(state),
          flex: 'none',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
