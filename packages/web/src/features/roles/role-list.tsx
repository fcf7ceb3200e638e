import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { Avatar, Box, Chip, List, ListItemAvatar, ListItemButton, ListItemText, Paper } from '@mui/material';
import type { ModuleObject, RoleObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { useNames } from './model/names.ts';

interface RoleListProps {
  roles: RoleObject[];
  modules: ModuleObject[] | undefined;
  selectedId: string;
  onSelect: (roleId: string) => void;
}

/** The roles of the project; the one chosen is edited beside (or below, on a phone). */
export function RoleList({ roles, modules, selectedId, onSelect }: RoleListProps) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const { activeRole } = useSession();
  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-label={t('list.label')}
      sx={{ alignSelf: 'start', position: { md: 'sticky' }, top: { md: 88 } }}
    >
      <List disablePadding>
        {roles.map((role) => {
          const moduleCount = modules?.filter((m) => m.roles.includes(role.id)).length;
          const selected = role.id === selectedId;
          return (
            <ListItemButton
              key={role.id}
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(role.id)}
              sx={{ py: 1.25, '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <Avatar
                  sx={{
                    width: 36,
                    height: 36,
                    bgcolor: selected ? 'primary.main' : 'action.selected',
                    color: selected ? 'primary.contrastText' : 'text.secondary',
                  }}
                >
                  <BadgeOutlined fontSize="small" />
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <>
                    {names.role(role.name)}
                    {role.id === activeRole.id && (
                      <Chip
                        label={t('yourRole')}
                        size="small"
                        color="primary"
                        variant="outlined"
                        sx={{ ml: 1, height: 20, fontSize: 11, fontWeight: 500 }}
                      />
                    )}
                  </>
                }
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block' }}>
                      {t('list.groups', { n: role.permission_groups.length })}
                    </Box>
                    {moduleCount !== undefined && (
                      <Box component="span" sx={{ display: 'block' }}>
                        {t('list.modules', { n: moduleCount })}
                      </Box>
                    )}
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
          );
        })}
      </List>
    </Paper>
  );
}
