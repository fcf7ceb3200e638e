import { useQuery } from '@tanstack/react-query';
import type { SchemeObject } from '@vigil/domain';
import { crossSectionsQuery } from '../../../api/cross-sections.ts';
import { deviceChoicesQuery, groupsQuery, schemesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';

/** What the builder's sections choose from: the project's devices, schemes, groups and cross sections. */
export function useBuilderChoices() {
  const { project } = useSession();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const schemes = useQuery(schemesQuery(project.id));
  const groups = useQuery(groupsQuery(project.id));
  const crossSections = useQuery(crossSectionsQuery(project.id));
  return {
    devices: devices.data ?? [],
    schemes: schemes.data ?? [],
    groups: groups.data ?? [],
    crossSections: crossSections.data ?? [],
    loading: devices.isPending || schemes.isPending || groups.isPending || crossSections.isPending,
    failed: devices.isError || schemes.isError || groups.isError || crossSections.isError,
    retry: () => {
      for (const query of [devices, schemes, groups, crossSections]) if (query.isError) void query.refetch();
    },
  };
}
export type BuilderChoices = ReturnType<typeof useBuilderChoices>;

/** A scheme of an inclinometer chain: its nodes report axes A and B. */
export const isInclinometerScheme = (scheme: Pick<SchemeObject, 'spec'> | undefined) => {
  const raw = new Set((scheme?.spec.metrics.raw_metrics ?? []).map((m) => m.key));
  return raw.has('a_axis') && raw.has('b_axis');
};
