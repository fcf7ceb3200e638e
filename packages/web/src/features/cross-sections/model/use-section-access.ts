import { isCurator } from '@vigil/domain';
import { useSession } from '../../../session/session-context.ts';

/**
 * Administrators and managers make, change and delete sections; everyone else reads them
 * (requirements#service-contracts).
 */
export function useSectionAccess() {
  const { activeRole } = useSession();
  return { canEdit: isCurator(activeRole.name) };
}
