import { TableRow, Typography } from '@mui/material';
import { ALWAYS_VISIBLE_MODULE, type ModuleObject, type RoleObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { ModuleRefusalAlert } from './components/module-refusal-alert.tsx';
import { MatrixTick, RoleMatrix } from './components/role-matrix.tsx';
import { useNames } from './model/names.ts';
import { useModuleAccess } from './model/use-module-access.ts';
import { MatrixRowHeader } from './components/matrix-row-header.tsx';

/** Modules × roles: which role opens which module; each tick is saved at once. */
export function ModuleAccessMatrix({ roles, modules }: { roles: RoleObject[]; modules: ModuleObject[] }) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const access = useModuleAccess();
  return (
    <>
      <ModuleRefusalAlert refusal={access.refusal} onClose={access.dismissRefusal} />
      <RoleMatrix label={t('access.tableLabel')} rowHeading={t('access.module')} roles={roles}>
        {modules.map((module) => {
          const moduleName = names.module(module);
          return (
            <TableRow key={module.id} hover>
              <MatrixRowHeader
                title={moduleName}
                details={
                  <>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: { xs: 'none', sm: 'block' }, overflowWrap: 'break-word' }}
                    >
                      /{module.path}
                    </Typography>
                    {module.folder === ALWAYS_VISIBLE_MODULE && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t('modules.alwaysShown')}
                      </Typography>
                    )}
                  </>
                }
              />
              {roles.map((role) => (
                <MatrixTick
                  key={role.id}
                  label={t('access.cellLabel', { role: names.role(role.name), module: moduleName })}
                  checked={access.pending.shown(module.id, role.id, module.roles.includes(role.id))}
                  busy={access.pending.busy(module.id, role.id)}
                  disabled={access.pending.rowBusy(module.id)}
                  onChange={(checked) => void access.toggle(module, role, checked, roles)}
                />
              ))}
            </TableRow>
          );
        })}
      </RoleMatrix>
    </>
  );
}
