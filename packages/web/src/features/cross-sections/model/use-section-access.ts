import { isCurator } from '@vigil/domain';
import { useSession } from '../../../app/session-context.ts';

/** Administrators and managers make, change and delete sections; everyone else reads them (DESIGN §3.1). */
export function useSectionAccess() {
  const { activeRole } = useSession();
  return { canEdit: isCurator(activeRole.name) };
}
