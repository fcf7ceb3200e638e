import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrossSection, CrossSectionCreateBody, CrossSectionPatchBody } from '@vigil/domain';
import { crossSectionsApi } from '../../../api/cross-sections.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

/** Create, change and delete a project's sections; each refreshes every cross-section query of the project. */
export function useSectionMutations() {
  const { project } = useSession();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.crossSections.all(project.id) });
  const keep = (section: CrossSection) =>
    client.setQueryData(queryKeys.crossSections.one(project.id, section.id), section);
  return {
    create: useMutation({
      mutationFn: (body: CrossSectionCreateBody) => crossSectionsApi.create(project.id, body),
      onSuccess: async (section) => {
        keep(section);
        await refresh();
      },
    }),
    patch: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: CrossSectionPatchBody }) =>
        crossSectionsApi.patch(project.id, id, changes),
      onSuccess: async (section) => {
        keep(section);
        await refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (id: string) => crossSectionsApi.remove(project.id, id),
      onSuccess: async (_, id) => {
        client.removeQueries({ queryKey: queryKeys.crossSections.one(project.id, id) });
        await refresh();
      },
    }),
  };
}
