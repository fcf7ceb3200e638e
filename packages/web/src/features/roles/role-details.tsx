import { Box, Chip, Divider, Paper, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ModuleObject, RoleObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { useNames } from './model/names.ts';
import { RoleMenu } from './role-menu.tsx';
import { RoleModules } from './role-modules.tsx';
import { RolePermissionGroups } from './role-permission-groups.tsx';

/** One role: its permission groups, the modules it opens and its menu, each section saved on its own. */
export function RoleDetails({
  role,
  roles,
  modules,
}: {
  role: RoleObject;
  roles: RoleObject[];
  modules: UseQueryResult<ModuleObject[]>;
}) {
  const { t, i18n } = useTranslation('roles');
  const names = useNames();
  const { activeRole } = useSession();
  const updated = new Date(role.updated);
  const when = Number.isNaN(updated.getTime())
    ? null
    : new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(updated);

  return (
    <Paper variant="outlined" component="article" aria-labelledby={`role-${role.id}`} sx={{ minWidth: 0 }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography id={`role-${role.id}`} variant="h5" component="h2" sx={{ fontWeight: 600, mr: 1 }}>
          {names.role(role.name)}
        </Typography>
        {role.id === activeRole.id && <Chip label={t('yourRole')} size="small" color="primary" variant="outlined" />}
        {when && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ ml: { sm: 'auto' }, width: { xs: '100%', sm: 'auto' } }}
          >
            {t('details.updated', { when })}
          </Typography>
        )}
      </Box>
      <Divider />
      <RolePermissionGroups role={role} />
      <Divider />
      <RoleModules role={role} roles={roles} modules={modules} />
      <Divider />
      <RoleMenu role={role} modules={modules} />
    </Paper>
  );
}
