import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessBus, type BusEvents } from '../../bus/bus.ts';
import { startReadingsSummary } from './readings-summary.ts';

const stored = (projectId: string, entityIds: string[], readAt: string): BusEvents['readings.stored'] => ({
  projectId,
  readings: entityIds.map((entityId) => ({
    entityId,
    dataPointId: '',
    readAt,
    t: Date.parse(readAt),
    receivedAt: readAt,
    metrics: {},
  })),
});

describe('summaries of stored readings', () => {
  afterEach(() => vi.useRealTimers());

  it('go out at once, then at most once per interval per project, with every entity of the interval', async () => {
    vi.useFakeTimers();
    const bus = createInProcessBus(() => {});
    const sent: Array<BusEvents['readings.summary']> = [];
    bus.subscribe('readings.summary', (event) => void sent.push(event));
    const summary = startReadingsSummary(bus, 2000);

    bus.publish('readings.stored', stored('p1', ['a'], '2026-11-25T10:00:00.000Z'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      { projectId: 'p1', data: { monitored_entity_ids: ['a'], latest_read_at: '2026-11-25T10:00:00.000Z' } },
    ]);

    bus.publish('readings.stored', stored('p1', ['b', 'a'], '2026-11-25T10:00:05.000Z'));
    bus.publish('readings.stored', stored('p1', ['c'], '2026-11-25T09:00:00.000Z'));
    bus.publish('readings.stored', stored('p2', ['z'], '2026-11-25T10:00:01.000Z'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((s) => s.projectId)).toEqual(['p1', 'p2']);

    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.at(-1)).toEqual({
      projectId: 'p1',
      data: { monitored_entity_ids: ['b', 'a', 'c'], latest_read_at: '2026-11-25T10:00:05.000Z' },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(3);
    summary.stop();
  });
});
