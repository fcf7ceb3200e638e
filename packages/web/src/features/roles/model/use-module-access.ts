import type { ModuleObject, RoleObject } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetModuleRoles } from '../api/modules-api.ts';
import { useNames } from './names.ts';
import { isOwnModuleRemoval, type ModuleRefusal } from './refusal.ts';
import { useFailureMessage } from './use-failure-message.ts';
import { usePendingChanges } from './use-pending-changes.ts';

/**
 * Attaching a role to a module and taking it off, one change per module at a time (each change sends
 * the module's whole role list). A refusal to lock the caller out is kept until dismissed.
 */
export function useModuleAccess() {
  const { t } = useTranslation('roles');
  const names = useNames();
  const { enqueueSnackbar } = useSnackbar();
  const failureMessage = useFailureMessage();
  const setModuleRoles = useSetModuleRoles();
  const pending = usePendingChanges();
  const [refusal, setRefusal] = useState<ModuleRefusal | null>(null);

  /** `projectRoles` are all roles of the project: ids of roles gone since are dropped, the server refuses them. */
  async function toggle(module: ModuleObject, role: RoleObject, attach: boolean, projectRoles: readonly RoleObject[]) {
    if (pending.rowBusy(module.id)) return;
    const text = { role: names.role(role.name), module: names.module(module) };
    const known = new Set(projectRoles.map((r) => r.id));
    const kept = module.roles.filter((id) => known.has(id) && id !== role.id);
    const roles = attach ? [...kept, role.id] : kept;
    setRefusal(null);
    pending.start(module.id, { target: role.id, on: attach });
    try {
      await setModuleRoles.mutateAsync({ moduleId: module.id, roles });
      enqueueSnackbar(t(attach ? 'access.attached' : 'access.detached', text), { variant: 'success' });
    } catch (error) {
      if (isOwnModuleRemoval(error)) setRefusal({ roleName: text.role, moduleName: text.module });
      else enqueueSnackbar(t('access.failed', { ...text, reason: failureMessage(error) }), { variant: 'error' });
    } finally {
      pending.end(module.id);
    }
  }

  return {
    toggle,
    /** rows are module ids, targets role ids */
    pending,
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}
