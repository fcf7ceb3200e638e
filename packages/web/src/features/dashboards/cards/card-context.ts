import type { DashboardEntityRef, StateType, TimeRange } from '@vigil/domain';
import { createContext, useContext } from 'react';

/**
 * A reading chart cards mark: its time (ms), and, for the cards charting its metric, its own value,
 * drawn at its true height whatever the buckets around it average (ADR 0036).
 */
export interface AlertMarker {
  time: number;
  value?: number;
  metric?: string;
}

/** What every card of a dashboard page shares. */
export interface DashboardContextValue {
  stateType: StateType;
  /** chart cards with the same key share their crosshair: one key per page */
  syncKey: string;
  /** the time that rolling periods end at: moves at every refresh, so that charts follow the clock */
  now: Date;
  /** the range chart cards open on, shown as a zoom that "Reset zoom" leaves (e.g. the window around an alert) */
  initialZoom?: TimeRange;
  /** what chart cards mark, e.g. the reading that raised the alert the page was opened from */
  marker?: AlertMarker;
  /**
   * opens the device detail panel (requirements#monitoring-screens: from chart, safety-state and operational-state
   * cards)
   */
  openDevice(entity: DashboardEntityRef & { title: string }): void;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboardContext(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboardContext() used outside a dashboard page');
  return value;
}
