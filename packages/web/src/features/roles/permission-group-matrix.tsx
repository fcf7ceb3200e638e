import { TableRow, Typography } from '@mui/material';
import type { PermissionGroup, RoleObject } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { useUpdateRole } from './api/roles-api.ts';
import { MatrixTick, RoleMatrix } from './components/role-matrix.tsx';
import { MatrixRowHeader } from './components/matrix-row-header.tsx';
import { useNames } from './model/names.ts';
import { useFailureMessage } from './model/use-failure-message.ts';
import { usePendingChanges } from './model/use-pending-changes.ts';

/** Permission groups × roles: what each role grants; a tick saves the role's groups at once. */
export function PermissionGroupMatrix({ roles, groups }: { roles: RoleObject[]; groups: PermissionGroup[] }) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const { enqueueSnackbar } = useSnackbar();
  const failureMessage = useFailureMessage();
  const update = useUpdateRole();
  // Rows are roles here (a change sends the role's whole list), targets the groups.
  const pending = usePendingChanges();

  async function toggle(role: RoleObject, group: PermissionGroup, grant: boolean) {
    const text = { role: names.role(role.name), group: group.name };
    const known = new Set(groups.map((g) => g.id));
    const kept = role.permission_groups.map((g) => g.id).filter((id) => known.has(id) && id !== group.id);
    pending.start(role.id, { target: group.id, on: grant });
    try {
      await update.mutateAsync({ roleId: role.id, changes: { permission_groups: grant ? [...kept, group.id] : kept } });
      enqueueSnackbar(t(grant ? 'groupMatrix.granted' : 'groupMatrix.revoked', text), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(t('groupMatrix.failed', { ...text, reason: failureMessage(error) }), { variant: 'error' });
    } finally {
      pending.end(role.id);
    }
  }

  return (
    <RoleMatrix label={t('groupMatrix.tableLabel')} rowHeading={t('groupMatrix.group')} roles={roles}>
      {groups.map((group) => (
        <TableRow key={group.id} hover>
          <MatrixRowHeader
            title={group.name}
            details={
              <>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {group.description}
                </Typography>
                {group.permissions.length > 0 && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{
                      display: { xs: 'none', sm: 'block' },
                      fontFamily: 'monospace',
                      fontSize: 11,
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {group.permissions.join(' · ')}
                  </Typography>
                )}
              </>
            }
          />
          {roles.map((role) => (
            <MatrixTick
              key={role.id}
              label={t('groupMatrix.cellLabel', { role: names.role(role.name), group: group.name })}
              checked={pending.shown(
                role.id,
                group.id,
                role.permission_groups.some((g) => g.id === group.id),
              )}
              busy={pending.busy(role.id, group.id)}
              disabled={pending.rowBusy(role.id)}
              onChange={(checked) => void toggle(role, group, checked)}
            />
          ))}
        </TableRow>
      ))}
    </RoleMatrix>
  );
}
