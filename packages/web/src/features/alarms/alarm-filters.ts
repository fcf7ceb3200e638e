import type { Query } from '../../api/client.ts';

/** The list's filters as the URL keeps them; empty means any. */
export interface AlarmFilters {
  scope: 'open' | 'active' | 'waiting' | 'all';
  level: '' | 'critical' | 'warning';
  tarp: string;
  device: string;
}

export const DEFAULT_ALARM_FILTERS: AlarmFilters = { scope: 'open', level: '', tarp: '', device: '' };

export function alarmFiltersFrom(params: URLSearchParams): AlarmFilters {
  const scope = params.get('scope');
  const level = params.get('level');
  return {
    scope: scope === 'active' || scope === 'waiting' || scope === 'all' ? scope : 'open',
    level: level === 'critical' || level === 'warning' ? level : '',
    tarp: params.get('tarp') ?? '',
    device: params.get('device') ?? '',
  };
}

/** The API query of the filters (ADR 0024's alarm list), one page of `paginateBy`. */
export function alarmQueryOf(filters: AlarmFilters, page: number, paginateBy: number): Query {
  return {
    scope: filters.scope,
    level: filters.level || undefined,
    tarp_level: filters.tarp || undefined,
    monitored_entity_id: filters.device || undefined,
    page,
    paginate_by: paginateBy,
  };
}
