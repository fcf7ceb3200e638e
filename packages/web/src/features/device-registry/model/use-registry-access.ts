import { isCurator } from '@vigil/domain';
import { useSession } from '../../../session/session-context.ts';

/**
 * Who may change the registry (issue 31): administrators and managers create, edit, import and
 * delete; everyone else who has the module reads it. Ingest keys are the administrators' alone
 * (issue 32): the server shows them to no one else.
 */
export function useRegistryAccess() {
  const { activeRole } = useSession();
  return { canEdit: isCurator(activeRole.name), canManageKeys: activeRole.name === 'Administrator' };
}
