import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { StateDot } from '../../../components/state/state-dot.tsx';
import { stateName } from '../model/notification-title.ts';

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
