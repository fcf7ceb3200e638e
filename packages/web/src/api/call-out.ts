import { queryOptions } from '@tanstack/react-query';
import type {
  Contact,
  ContactCreateBody,
  Delivery,
  EscalationPolicy,
  EscalationPolicyBody,
  ListBody,
  OnCallTurn,
  QuietHours,
  Roster,
  RosterBody,
  RosterOnCall,
} from '@vigil/domain';
import { API, api, listAll } from './client.ts';
import { queryKeys } from './query-keys.ts';

const BASE = API.notifications;
const one = (resource: string, id: string) => `${BASE}/${resource}/${encodeURIComponent(id)}`;

/**
 * The call-out calls of the notifications service (issue 38, DESIGN §3.2): contacts, rosters,
 * escalation policies and deliveries. They are `quiet`: each screen says what failed in its own words.
 */
export const callOutApi = {
  contacts: () => listAll<Contact>(`${BASE}/contacts`, { quiet: true }),
  addContact: (body: ContactCreateBody) => api.post<Contact>(`${BASE}/contacts`, body, { quiet: true }),
  verifyContact: (id: string, code: string) =>
    api.post<Contact>(`${one('contacts', id)}/verify`, { code }, { quiet: true }),
  sendCode: (id: string) => api.post<unknown>(`${one('contacts', id)}/send-code`, undefined, { quiet: true }),
  setQuietHours: (id: string, quietHours: QuietHours | null) =>
    api.patch<Contact>(one('contacts', id), { quiet_hours: quietHours }, { quiet: true }),
  removeContact: (id: string) => api.delete(one('contacts', id), undefined, { quiet: true }),

  rosters: () => listAll<Roster>(`${BASE}/rosters`, { quiet: true }),
  createRoster: (body: RosterBody) => api.post<Roster>(`${BASE}/rosters`, body, { quiet: true }),
  updateRoster: (id: string, body: RosterBody) => api.patch<Roster>(one('rosters', id), body, { quiet: true }),
  removeRoster: (id: string) => api.delete(one('rosters', id), undefined, { quiet: true }),
  onCallAt: (id: string, at: string) =>
    api.get<OnCallTurn>(`${one('rosters', id)}/on-call`, { query: { at }, quiet: true }),
  /** every roster of the project with who is on call now and next */
  onCall: async () => (await api.get<{ objects: RosterOnCall[] }>(`${BASE}/rosters/on-call`, { quiet: true })).objects,

  policies: () => listAll<EscalationPolicy>(`${BASE}/escalation-policies`, { quiet: true }),
  createPolicy: (body: EscalationPolicyBody) =>
    api.post<EscalationPolicy>(`${BASE}/escalation-policies`, body, { quiet: true }),
  updatePolicy: (id: string, body: EscalationPolicyBody) =>
    api.patch<EscalationPolicy>(one('escalation-policies', id), body, { quiet: true }),
  removePolicy: (id: string) => api.delete(one('escalation-policies', id), undefined, { quiet: true }),
  /** runs the policy on a test alarm; answers that alarm's id */
  testPolicy: (id: string) =>
    api.post<{ alarm_id: string }>(`${one('escalation-policies', id)}/test`, undefined, { quiet: true }),

  deliveries: (alarmId: string) =>
    api.get<ListBody<Delivery>>(`${BASE}/deliveries`, { query: { alarm_id: alarmId, paginate_by: 500 }, quiet: true }),
};

export const contactsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.callOut.contacts(userId), queryFn: callOutApi.contacts });

export const rostersQuery = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.callOut.rosters(projectId), queryFn: callOutApi.rosters });

/** Who is on call changes with the clock: asked again every minute while shown. */
export const onCallQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.callOut.onCall(projectId),
    queryFn: callOutApi.onCall,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export const policiesQuery = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.callOut.policies(projectId), queryFn: callOutApi.policies });

/** Deliveries still queued are being sent: the log is asked again every few seconds until none is. */
export const deliveriesQuery = (projectId: string, alarmId: string) =>
  queryOptions({
    queryKey: queryKeys.callOut.deliveries(projectId, alarmId),
    queryFn: () => callOutApi.deliveries(alarmId),
    refetchInterval: (query) =>
      query.state.data?.objects.some((d) => d.status === 'queued') ? DELIVERY_POLL_MS : false,
  });

const DELIVERY_POLL_MS = 3_000;
