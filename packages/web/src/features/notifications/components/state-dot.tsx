import { Box, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { stateName } from '../model/notification-title.ts';
import { stateColour, type StateColour } from '@vigil/domain';

/** How the seven state colours of spec 001 §4 are painted: softened where the pure colour reads badly. */
const PAINT: Record<StateColour, string> = {
  red: '#D0021B',
  orange: '#F5A623',
  yellow: '#F2D21B',
  blue: '#4A90E2',
  green: '#2E9E4F',
  grey: '#9B9B9B',
  black: '#1B1B1B',
};

/** A small disc in a state's colour; unknown values are grey. */
export function StateDot({ state, sx }: { state: unknown; sx?: SxProps<Theme> }) {
  const colour = PAINT[stateColour(typeof state === 'string' ? state : null)];
  return (
    <Box
      component="span"
      aria-hidden
      sx={[
        { display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: colour, flex: 'none' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}

/** A state's name after its colour. */
export function StateLabel({ state }: { state: unknown }) {
  const { t } = useTranslation('notifications');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <StateDot state={state} />
      {stateName(t, state)}
    </Box>
  );
}
