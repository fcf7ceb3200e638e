import { queryOptions } from '@tanstack/react-query';
import type { Alarm, AlarmHistoryItem, AlarmReport, ListBody, TarpLevel } from '@vigil/domain';
import { API, api, type Query } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The alarm calls of the rules engine (ours, ADR 0024). */
export const alarmsApi = {
  list: (query: Query) => api.get<ListBody<Alarm>>(`${API.rules}/alarms/`, { query }),
  get: (id: string) => api.get<Alarm>(`${API.rules}/alarms/${id}`),
  history: (id: string) => api.get<{ objects: AlarmHistoryItem[] }>(`${API.rules}/alarms/${id}/history`),
  acknowledge: (id: string, comment: string) => api.post<Alarm>(`${API.rules}/alarms/${id}/acknowledge`, { comment }),
  shelve: (id: string, reason: string, hours: number) =>
    api.post<Alarm>(`${API.rules}/alarms/${id}/shelve`, { reason, hours }),
  unshelve: (id: string) => api.post<Alarm>(`${API.rules}/alarms/${id}/unshelve`),
  check: (id: string, index: number, done: boolean) =>
    api.post<Alarm>(`${API.rules}/alarms/${id}/checklist`, { index, done }),
  report: (from: string, to: string) => api.get<AlarmReport>(`${API.rules}/alarm-report`, { query: { from, to } }),
  tarpLevels: () => api.get<{ levels: TarpLevel[] }>(`${API.rules}/tarp-levels`),
  saveTarpLevels: (levels: TarpLevel[]) => api.put<{ levels: TarpLevel[] }>(`${API.rules}/tarp-levels`, { levels }),
};

/** Alarms move with every reading: the stream's notifications refresh them (a short stale time besides). */
const ALARM_STALE_MS = 15_000;

export const alarmListQuery = (projectId: string, query: Query) =>
  queryOptions({
    queryKey: queryKeys.rules.alarmList(projectId, query),
    queryFn: () => alarmsApi.list(query),
    staleTime: ALARM_STALE_MS,
  });

export const alarmQuery = (projectId: string, id: string | null | undefined) =>
  queryOptions({
    queryKey: queryKeys.rules.alarm(projectId, id ?? ''),
    queryFn: () => alarmsApi.get(id!),
    enabled: Boolean(id),
    staleTime: ALARM_STALE_MS,
  });

export const alarmHistoryQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.rules.alarmHistory(projectId, id),
    queryFn: () => alarmsApi.history(id),
    staleTime: ALARM_STALE_MS,
  });

export const alarmReportQuery = (projectId: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.rules.alarmReport(projectId, { from, to }),
    queryFn: () => alarmsApi.report(from, to),
    staleTime: 60_000,
  });

export const tarpLevelsQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.rules.tarpLevels(projectId),
    queryFn: () => alarmsApi.tarpLevels(),
    staleTime: 5 * 60_000,
  });
