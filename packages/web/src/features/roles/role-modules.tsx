import AppsOutlined from '@mui/icons-material/AppsOutlined';
import { Box, Chip, CircularProgress, List, ListItem, ListItemText, Switch } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { ALWAYS_VISIBLE_MODULE, type ModuleObject, type RoleObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, LoadError, LoadingRows } from './components/load-states.tsx';
import { ModuleRefusalAlert } from './components/module-refusal-alert.tsx';
import { Section } from './components/section.tsx';
import { useNames } from './model/names.ts';
import { useModuleAccess } from './model/use-module-access.ts';

/** The modules a role opens: one switch per module of the project, each saved at once. */
export function RoleModules({
  role,
  roles,
  modules,
}: {
  role: RoleObject;
  roles: RoleObject[];
  modules: UseQueryResult<ModuleObject[]>;
}) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const { activeRole } = useSession();
  const access = useModuleAccess();
  const attached = modules.data?.filter((m) => m.roles.includes(role.id)).length ?? 0;
  const own = role.id === activeRole.id;

  return (
    <Section
      title={t('modules.title')}
      description={t(own ? 'modules.descriptionOwn' : 'modules.description', { role: names.role(role.name) })}
      aside={modules.data && <Chip size="small" label={t('modules.count', { attached, total: modules.data.length })} />}
    >
      <ModuleRefusalAlert refusal={access.refusal} onClose={access.dismissRefusal} />
      {modules.isPending ? (
        <LoadingRows rows={6} label={t('modules.loading')} />
      ) : modules.isError ? (
        <LoadError title={t('modules.loadError')} error={modules.error} onRetry={() => void modules.refetch()} />
      ) : modules.data.length === 0 ? (
        <EmptyState icon={<AppsOutlined />} title={t('modules.emptyTitle')} body={t('modules.emptyBody')} />
      ) : (
        <List
          disablePadding
          aria-label={t('modules.title')}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            '& > li + li': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {modules.data.map((module) => {
            const checked = access.pending.shown(module.id, role.id, module.roles.includes(role.id));
            const busy = access.pending.rowBusy(module.id);
            const moduleName = names.module(module);
            return (
              <ListItem
                key={module.id}
                secondaryAction={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    {busy && <CircularProgress size={18} aria-label={t('actions.saving')} />}
                    <Switch
                      edge="end"
                      checked={checked}
                      disabled={busy}
                      onChange={(event) => void access.toggle(module, role, event.target.checked, roles)}
                      slotProps={{
                        input: {
                          'aria-label': t('access.cellLabel', { role: names.role(role.name), module: moduleName }),
                        },
                      }}
                    />
                  </Box>
                }
                sx={{ pr: 10 }}
              >
                <ListItemText
                  primary={moduleName}
                  secondary={
                    module.folder === ALWAYS_VISIBLE_MODULE
                      ? `/${module.path} · ${t('modules.alwaysShown')}`
                      : `/${module.path}`
                  }
                  slotProps={{ primary: { sx: { fontWeight: checked ? 500 : 400 } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Section>
  );
}
