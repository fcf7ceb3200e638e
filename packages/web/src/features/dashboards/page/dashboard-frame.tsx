import type { StateType, TimeRange } from '@vigil/domain';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DashboardContext, type AlertMarker, type DashboardContextValue } from '../cards/card-context.ts';
import { DeviceDetailPanel, type OpenDevice } from '../detail/device-detail-panel.tsx';
import { openingTime } from '../model/prefetch-dashboard.ts';
import { CARD_REFRESH_MS, useDashboardData } from '../model/use-dashboard-data.ts';

/** The clock moves at most this often when states change, so that a burst of changes is one refresh. */
const MIN_CLOCK_STEP_MS = 30_000;

/**
 * What a page of cards shares: its state type, one crosshair, the clock that rolling periods end at
 * (moved every 900000 ms and when the stream reports changed states), and the device detail panel,
 * which `?entity={id}` also opens (the notification's entity link). Chart cards open zoomed to
 * `initialZoom` and mark `marker` when given.
 */
export function DashboardFrame({
  stateType,
  pageKey,
  initialZoom,
  marker,
  children,
}: {
  stateType: StateType;
  pageKey: string;
  initialZoom?: TimeRange | null;
  marker?: AlertMarker | null;
  children: ReactNode;
}) {
  const { devices } = useDashboardData();
  const [now, setNow] = useState(openingTime);
  const [open, setOpen] = useState<OpenDevice | null>(null);
  const [params, setParams] = useSearchParams();
  const entityParam = params.get('entity');

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    setNow((previous) => (Date.now() - previous.getTime() >= MIN_CLOCK_STEP_MS ? new Date() : previous));
  }, [devices.dataUpdatedAt]);
  useEffect(() => {
    const device = entityParam ? devices.data?.find((d) => d.id === entityParam) : undefined;
    if (device) setOpen({ id: device.id, entity_type: device.monitored_entity_type, title: device.title });
  }, [entityParam, devices.data]);

  const zoomFrom = initialZoom?.from.getTime();
  const [markedAt, markedValue, markedMetric] = [marker?.time, marker?.value, marker?.metric];
  const zoomTo = initialZoom?.to.getTime();
  const value = useMemo<DashboardContextValue>(
    () => ({
      stateType,
      syncKey: `${stateType}:${pageKey}`,
      now,
      openDevice: setOpen,
      ...(zoomFrom !== undefined &&
        zoomTo !== undefined && { initialZoom: { from: new Date(zoomFrom), to: new Date(zoomTo) } }),
      ...(markedAt !== undefined && {
        marker: { time: markedAt, ...(markedValue !== undefined && { value: markedValue, metric: markedMetric }) },
      }),
    }),
    [stateType, pageKey, now, zoomFrom, zoomTo, markedAt, markedValue, markedMetric],
  );
  const close = () => {
    setOpen(null);
    if (entityParam)
      setParams(
        (p) => {
          p.delete('entity');
          return p;
        },
        { replace: true },
      );
  };
  return (
    <DashboardContext.Provider value={value}>
      {children}
      <DeviceDetailPanel device={open} stateType={stateType} onClose={close} />
    </DashboardContext.Provider>
  );
}
