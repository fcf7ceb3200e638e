import { splitList } from '@vigil/domain';
import { validationError } from '../../http/errors.ts';
import {
  parseListQuery,
  selectFields,
  type ListQuery,
  type ListQueryInput,
  type ListSpec,
} from '../../http/list-query.ts';

/** The filters the list helper cannot take as they come: id lists too long for it, and flags. */
export interface RegistryFilters {
  /** `monitored_entity_ids`: undefined when not asked, else the ids (possibly none) */
  entityIds: string[] | undefined;
  decommissioned: boolean | undefined;
  /** `snapshot_created_at.to_time` as ISO text */
  snapshotTime: string | undefined;
}

export type RegistryFilter = 'monitored_entity_ids' | 'decommissioned' | 'snapshot_created_at.to_time';

/** `parseListQuery` plus the registry's own filters, which it leaves out of the generic ones. */
export function parseRegistryQuery(
  input: ListQueryInput,
  spec: ListSpec,
  accepted: readonly RegistryFilter[],
): { query: ListQuery; filters: RegistryFilters } {
  const raw = Object.fromEntries(
    Object.entries(input as Record<string, unknown>).filter(([key]) => accepted.includes(key as RegistryFilter)),
  );
  const generic = Object.fromEntries(Object.entries(input).filter(([key]) => !(key in raw)));
  const query = parseListQuery(generic as ListQueryInput, spec);
  const ids = raw.monitored_entity_ids as string | undefined;
  const entityIds = ids === undefined ? undefined : splitList(ids);
  if (entityIds && entityIds.length > 1000)
    throw validationError('Invalid query', { monitored_entity_ids: ['At most 1000 ids'] });
  const flag = raw.decommissioned as string | undefined;
  const time = raw['snapshot_created_at.to_time'] as string | undefined;
  let snapshotTime: string | undefined;
  if (time !== undefined) {
    const parsed = Date.parse(time);
    if (Number.isNaN(parsed))
      throw validationError('Invalid query', {
        'snapshot_created_at.to_time': ['Enter a valid ISO-8601 date and time'],
      });
    snapshotTime = new Date(parsed).toISOString();
  }
  return {
    query,
    filters: {
      entityIds,
      decommissioned: flag === undefined ? undefined : flag === 'true' || flag === '1',
      snapshotTime,
    },
  };
}

/** `fields` and `excluded_fields` on a single object, as lists apply them to each of theirs. */
export function selectOne<T extends object>(
  object: T,
  input: { fields?: string | undefined; excluded_fields?: string | undefined },
) {
  return selectFields(
    object,
    input.fields ? splitList(input.fields) : undefined,
    input.excluded_fields ? splitList(input.excluded_fields) : undefined,
  );
}
