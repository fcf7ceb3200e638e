import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { Box, Chip, FormControlLabel, FormGroup, Paper, Stack, Typography } from '@mui/material';
import type { FeatureSetting, ModuleObject, ProjectFeatures, RoleObject } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { useSetRoleFeatures } from './api/features-api.ts';
import { BusyCheckbox } from './components/busy-checkbox.tsx';
import { EmptyState } from './components/load-states.tsx';
import { useNames } from './model/names.ts';
import { useFailureMessage } from './model/use-failure-message.ts';
import { usePendingChanges } from './model/use-pending-changes.ts';

interface FeatureGrantsProps {
  features: ProjectFeatures;
  modules: ModuleObject[];
  roles: RoleObject[];
}

/** Module folders in menu order, then folders without a module of this project, by name. */
function foldersInOrder(features: ProjectFeatures, modules: ModuleObject[]): string[] {
  const position = new Map(modules.map((m, i) => [m.folder, i]));
  return Object.keys(features.features)
    .filter((folder) => Object.keys(features.features[folder] ?? {}).length > 0)
    .sort((a, b) => (position.get(a) ?? Infinity) - (position.get(b) ?? Infinity) || a.localeCompare(b));
}

/** Per module, its features with their state and scope; role-scoped ones list the roles that hold them. */
export function FeatureGrants({ features, modules, roles }: FeatureGrantsProps) {
  const { t } = useTranslation('roles');
  const folders = foldersInOrder(features, modules);
  if (folders.length === 0) {
    return <EmptyState icon={<TuneOutlined />} title={t('features.emptyTitle')} body={t('features.emptyBody')} />;
  }
  return (
    <Stack spacing={2}>
      {folders.map((folder) => (
        <ModuleFeatures
          key={folder}
          folder={folder}
          module={modules.find((m) => m.folder === folder)}
          settings={features.features[folder]!}
          grants={features.roleFeatures[folder] ?? {}}
          roles={roles}
        />
      ))}
    </Stack>
  );
}

interface ModuleFeaturesProps {
  folder: string;
  module: ModuleObject | undefined;
  settings: Record<string, FeatureSetting>;
  grants: Record<string, string[]>;
  roles: RoleObject[];
}

function ModuleFeatures({ folder, module, settings, grants, roles }: ModuleFeaturesProps) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const { enqueueSnackbar } = useSnackbar();
  const failureMessage = useFailureMessage();
  const setRoleFeatures = useSetRoleFeatures();
  const pending = usePendingChanges();
  const moduleName = module ? names.module(module) : folder;
  const titleId = `features-${folder.replace(/[^A-Za-z0-9_-]/g, '-')}`;

  async function toggle(feature: string, role: RoleObject, grant: boolean) {
    const text = { role: names.role(role.name), feature: names.feature(feature), module: moduleName };
    const known = new Set(roles.map((r) => r.id));
    const kept = (grants[feature] ?? []).filter((id) => known.has(id) && id !== role.id);
    pending.start(feature, { target: role.id, on: grant });
    try {
      await setRoleFeatures.mutateAsync({ [folder]: { [feature]: grant ? [...kept, role.id] : kept } });
      enqueueSnackbar(t(grant ? 'features.granted' : 'features.revoked', text), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(t('features.failed', { ...text, reason: failureMessage(error) }), { variant: 'error' });
    } finally {
      pending.end(feature);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      <Box sx={{ px: { xs: 2, sm: 2.5 }, py: 1.5, display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {moduleName}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {folder}
        </Typography>
      </Box>
      {Object.entries(settings).map(([name, setting]) => {
        const featureName = names.feature(name);
        const holders = grants[name] ?? [];
        return (
          <Box
            key={name}
            sx={{
              px: { xs: 2, sm: 2.5 },
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              display: 'grid',
              gap: 1,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {featureName}
                </Typography>
                <Chip
                  size="small"
                  label={setting.enabled ? t('features.on') : t('features.off')}
                  color={setting.enabled ? 'success' : 'default'}
                  variant={setting.enabled ? 'filled' : 'outlined'}
                  sx={{ height: 22 }}
                />
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(setting.scope === 'role' ? 'features.scopeRole' : 'features.scopeProject')}
                  sx={{ height: 22 }}
                />
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {name}
              </Typography>
              {!setting.enabled && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t(setting.scope === 'role' ? 'features.offHelpRole' : 'features.offHelp')}
                </Typography>
              )}
            </Box>
            {setting.scope === 'role' ? (
              <FormGroup
                row
                role="group"
                aria-label={t('features.rolesLabel', { feature: featureName, module: moduleName })}
                sx={{ columnGap: 1 }}
              >
                {roles.map((role) => (
                  <FormControlLabel
                    key={role.id}
                    label={names.role(role.name)}
                    sx={{ mr: 1 }}
                    control={
                      <BusyCheckbox
                        checked={pending.shown(name, role.id, holders.includes(role.id))}
                        busy={pending.busy(name, role.id)}
                        disabled={pending.rowBusy(name)}
                        onChange={(event) => void toggle(name, role, event.target.checked)}
                      />
                    }
                  />
                ))}
              </FormGroup>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('features.everyRole', { module: moduleName })}
              </Typography>
            )}
          </Box>
        );
      })}
    </Paper>
  );
}
