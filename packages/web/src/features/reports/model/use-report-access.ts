import { isCurator } from '@vigil/domain';
import { useSession } from '../../../session/session-context.ts';

/**
 * Who may do what with reports (issue 39, ADR 0051): everyone with the module reads them; administrators
 * and managers edit templates, generate reports, mark them reviewed or reject them; only an administrator
 * approves. The server enforces the same; the screens only leave out what would be refused.
 */
export function useReportAccess() {
  const { activeRole } = useSession();
  return { canEdit: isCurator(activeRole.name), canApprove: activeRole.name === 'Administrator' };
}
