import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ALWAYS_VISIBLE_MODULE, type ModuleObject, type RoleObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { BusyCheckbox } from './components/busy-checkbox.tsx';
import { ModuleRefusalAlert } from './components/module-refusal-alert.tsx';
import { RoleColumnHeader } from './components/role-column-header.tsx';
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
      <TableContainer>
        <Table size="small" aria-label={t('access.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ verticalAlign: 'bottom', pl: { xs: 1, sm: 2 } }}>{t('access.module')}</TableCell>
              {roles.map((role) => (
                <RoleColumnHeader key={role.id} role={role} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
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
                    <TableCell key={role.id} align="center" padding="checkbox" sx={{ px: { xs: 0, sm: 2 } }}>
                      <BusyCheckbox
                        checked={access.pending.shown(module.id, role.id, module.roles.includes(role.id))}
                        busy={access.pending.busy(module.id, role.id)}
                        disabled={access.pending.rowBusy(module.id)}
                        onChange={(event) => void access.toggle(module, role, event.target.checked, roles)}
                        slotProps={{
                          input: {
                            'aria-label': t('access.cellLabel', { role: names.role(role.name), module: moduleName }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
