import { useQuery } from '@tanstack/react-query';
import { deviceSummariesQuery, groupsQuery, schemesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';

/**
 * Cards and custom views refresh every 900000 ms (requirements#monitoring-constants); the stream refreshes states
 * sooner.
 */
export const CARD_REFRESH_MS = 900_000;

/** The project's devices with their states, its groups and its schemes: what every card reads. */
export function useDashboardData() {
  const { project } = useSession();
  const devices = useQuery({ ...deviceSummariesQuery(project.id), refetchInterval: CARD_REFRESH_MS });
  const groups = useQuery(groupsQuery(project.id));
  const schemes = useQuery(schemesQuery(project.id));
  return { devices, groups, schemes };
}
