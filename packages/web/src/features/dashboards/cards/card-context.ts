import type { DashboardEntityRef, StateType } from '@vigil/domain';
import { createContext, useContext } from 'react';

/** What every card of a dashboard page shares. */
export interface DashboardContextValue {
  stateType: StateType;
  /** chart cards with the same key share their crosshair: one key per page */
  syncKey: string;
  /** the time that rolling periods end at: moves at every refresh, so that charts follow the clock */
  now: Date;
  /** opens the device detail panel (spec 001 §2: from chart, safety-state and operational-state cards) */
  openDevice(entity: DashboardEntityRef & { title: string }): void;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboardContext(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboardContext() used outside a dashboard page');
  return value;
}
