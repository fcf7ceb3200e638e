import type { Bus } from '../../bus/bus.ts';

/** How often at most a project's summary goes out: dashboards refresh on it, every reading need not. */
export const SUMMARY_INTERVAL_MS = 5000;

/**
 * Tells every instance which entities of a project got readings (ADR 0013, the `readings` stream
 * type): the readings this instance stores are gathered per project and published at most once every
 * SUMMARY_INTERVAL_MS, the first batch at once and the rest at the end of the interval.
 */
export function startReadingsSummary(bus: Bus, intervalMs = SUMMARY_INTERVAL_MS) {
  const pending = new Map<string, { ids: Set<string>; latest: string }>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const flush = (projectId: string) => {
    const batch = pending.get(projectId);
    pending.delete(projectId);
    if (!batch) return void timers.delete(projectId);
    bus.publish('readings.summary', {
      projectId,
      data: { monitored_entity_ids: [...batch.ids], latest_read_at: batch.latest },
    });
    // Whatever arrives within the interval waits for its end.
    const timer = setTimeout(() => flush(projectId), intervalMs);
    timer.unref();
    timers.set(projectId, timer);
  };

  const unsubscribe = bus.subscribe('readings.stored', ({ projectId, readings }) => {
    const batch = pending.get(projectId) ?? { ids: new Set<string>(), latest: '' };
    for (const r of readings) {
      batch.ids.add(r.entityId);
      if (r.readAt > batch.latest) batch.latest = r.readAt;
    }
    pending.set(projectId, batch);
    if (!timers.has(projectId)) flush(projectId);
  });

  return {
    stop() {
      unsubscribe();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      pending.clear();
    },
  };
}
