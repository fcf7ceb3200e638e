import type { NotificationObject } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { alertWindow, metricsDrillDownPath } from './alert-window.ts';

const CREATED = '2026-03-15T12:00:00.000Z';
const entity = { id: 'dev 1', monitored_entity_type: 'instrument' };

const notification = (context: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({
    created_at: CREATED,
    notification_type: { name: 'metric_limit_reached' },
    extra: { event_context: context, view: 'metrics', monitored_entity: entity, ...extra },
  }) as unknown as NotificationObject;

const searchOf = (path: string) => new URLSearchParams(path.split('?')[1]);

describe('alertWindow', () => {
  it('runs from 10 days before to 3 days after the creation (requirements#monitoring-constants)', () => {
    const { from, to } = alertWindow(CREATED);
    expect(from.toISOString()).toBe('2026-03-05T12:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-18T12:00:00.000Z');
  });
});

describe('metricsDrillDownPath', () => {
  it("opens the entity's metric drill-down on the alert window with the event's metric", () => {
    const path = metricsDrillDownPath(
      notification({ metric: 'calculated_metrics.piezometric_level', read_at: '2026-03-15T11:50:00Z' }),
    )!;
    expect(path.split('?')[0]).toBe('/metrics/safety-state/dev%201/instrument');
    expect(Object.fromEntries(searchOf(path))).toEqual({
      from: '2026-03-05T12:00:00.000Z',
      to: '2026-03-18T12:00:00.000Z',
      metric: 'calculated_metrics.piezometric_level',
      at: '2026-03-15T11:50:00.000Z',
    });
  });

  it('marks the time the event was raised when it names no reading', () => {
    expect(searchOf(metricsDrillDownPath(notification({ metric: 'raw_metrics.x' }))!).get('at')).toBe(CREATED);
  });

  it('adds the data point the event names', () => {
    const path = metricsDrillDownPath(notification({ metric: 'raw_metrics.tilt_a', data_point_id: 'dp-3' }))!;
    expect(path.split('?')[0]).toBe('/metrics/safety-state/dev%201/instrument/dp-3');
  });

  it('opens in the operational-state module when the notification belongs to it', () => {
    const path = metricsDrillDownPath(notification({ metric: 'raw_metrics.x' }, { view: 'operational-state' }))!;
    expect(path).toMatch(/^\/metrics\/operational-state\//);
  });

  it('has none without a monitored entity or a metric', () => {
    expect(metricsDrillDownPath(notification({ metric: 'raw_metrics.x' }, { monitored_entity: null }))).toBeNull();
    expect(metricsDrillDownPath(notification({ metric: null }))).toBeNull();
    expect(metricsDrillDownPath(notification({}))).toBeNull();
  });
});
