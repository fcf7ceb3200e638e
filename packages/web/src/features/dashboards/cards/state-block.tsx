import { Box, ButtonBase, Typography } from '@mui/material';
import { stateColour } from '@vigil/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATE_INK, STATE_PAINT } from '../../../components/state/state-paint.ts';

/** A block painted in a state's colour naming the state: the eye finds red at once. */
export function StateBlock({
  state,
  name,
  onClick,
  children,
}: {
  state: string;
  name: string;
  onClick?(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('dashboards');
  const colour = stateColour(state);
  return (
    <ButtonBase
      onClick={onClick}
      disabled={!onClick}
      aria-label={t('stateCard.openLabel', { title: name, state: t(`states.${colour}`) })}
      data-state={colour}
      sx={{
        width: '100%',
        minHeight: 52,
        borderRadius: 1,
        bgcolor: STATE_PAINT[colour],
        color: STATE_INK[colour],
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        justifyContent: 'center',
        px: 1.5,
        py: 0.5,
        textAlign: 'left',
      }}
    >
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: 17, lineHeight: 1.2, letterSpacing: 0.5, textTransform: 'uppercase' }}
      >
        {t(`states.${colour}`)}
      </Typography>
      <Box sx={{ minWidth: 0, maxWidth: '100%' }}>{children}</Box>
    </ButtonBase>
  );
}
