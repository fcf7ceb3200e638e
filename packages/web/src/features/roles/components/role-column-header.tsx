import { Box, TableCell, Typography } from '@mui/material';
import type { RoleObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-context.ts';
import { useNames } from '../model/names.ts';

/**
 * A role's column in a matrix, marking the signed-in user's own role. On a phone the name runs
 * upwards, so that three roles and the row names fit side by side.
 */
export function RoleColumnHeader({ role }: { role: RoleObject }) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const own = useSession().activeRole.id === role.id;
  return (
    <TableCell align="center" sx={{ px: { xs: 0.5, sm: 2 }, width: { xs: 44, sm: 150 }, verticalAlign: 'bottom' }}>
      <Box
        sx={{
          display: 'inline-flex',
          flexDirection: 'column',
          alignItems: 'center',
          whiteSpace: 'nowrap',
          writingMode: { xs: 'vertical-rl', sm: 'horizontal-tb' },
          // Sideways for every script, so that Japanese or Thai names read bottom to top like Latin ones.
          textOrientation: 'sideways',
          transform: { xs: 'rotate(180deg)', sm: 'none' },
        }}
      >
        <Box component="span" sx={{ fontWeight: 600 }}>
          {names.role(role.name)}
        </Box>
        {own && (
          <Typography variant="caption" color="primary" sx={{ lineHeight: 1.3 }}>
            {t('yourRole')}
          </Typography>
        )}
      </Box>
    </TableCell>
  );
}
