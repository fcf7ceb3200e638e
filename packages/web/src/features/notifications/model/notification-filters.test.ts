import { describe, expect, it } from 'vitest';
import {
  changedFilterCount,
  DEFAULT_FILTERS,
  notificationQuery,
  periodRange,
  type NotificationFilters,
} from './notification-filters.ts';

// A local time, so that calendar days are the browser's whatever zone the tests run in.
const NOW = new Date(2026, 10, 20, 15, 30, 0);
const filters = (part: Partial<NotificationFilters>): NotificationFilters => ({ ...DEFAULT_FILTERS, ...part });

describe('the period of the notification list', () => {
  it('one day is the last 24 hours, up to now', () => {
    expect(periodRange(filters({ period: 'oneDay' }), NOW)).toEqual({
      from: new Date(2026, 10, 19, 15, 30, 0),
      to: null,
    });
  });

  it('yesterday is the whole previous calendar day', () => {
    expect(periodRange(filters({ period: 'yesterday' }), NOW)).toEqual({
      from: new Date(2026, 10, 19, 0, 0, 0),
      to: new Date(2026, 10, 19, 23, 59, 59, 999),
    });
  });

  it('seven days, one month and three months end now', () => {
    expect(periodRange(filters({ period: 'sevenDays' }), NOW)?.from).toEqual(new Date(2026, 10, 13, 15, 30, 0));
    expect(periodRange(filters({ period: 'oneMonth' }), NOW)?.from).toEqual(new Date(2026, 9, 20, 15, 30, 0));
    expect(periodRange(filters({ period: 'threeMonths' }), NOW)?.from).toEqual(new Date(2026, 7, 20, 15, 30, 0));
  });

  it('a custom range runs from the start of its first day to the end of its last', () => {
    expect(periodRange(filters({ period: 'custom', start: '2026-11-01', end: '2026-11-03' }), NOW)).toEqual({
      from: new Date(2026, 10, 1),
      to: new Date(2026, 10, 3, 23, 59, 59, 999),
    });
  });

  it('an invalid custom range has no range', () => {
    expect(periodRange(filters({ period: 'custom', start: '2026-11-05', end: '2026-11-03' }), NOW)).toBeNull();
  });
});

describe('the list query of the filters', () => {
  it('sends no filter for the defaults: the server keeps the last 24 hours', () => {
    expect(JSON.parse(JSON.stringify(notificationQuery(DEFAULT_FILTERS, NOW)))).toEqual({});
  });

  it('names read status, level, event type and period', () => {
    const query = notificationQuery(
      filters({ readStatus: 'unread', level: 'critical', eventType: 'metric_limit_reached', period: 'yesterday' }),
      NOW,
    );
    expect(query).toMatchObject({
      read_status: 'unread',
      level: 'critical',
      'extra.event_type': 'metric_limit_reached',
      'created_at.from_time': new Date(2026, 10, 19).toISOString(),
      'created_at.to_time': new Date(2026, 10, 19, 23, 59, 59, 999).toISOString(),
    });
  });

  it('narrows to a device by its id, or to a scheme by the scheme id', () => {
    const device = notificationQuery(filters({ target: { kind: 'device', id: 'd1', label: 'PZ-01' } }), NOW);
    const scheme = notificationQuery(filters({ target: { kind: 'scheme', id: 's1', label: 'VW piezometer' } }), NOW);
    expect(device['extra.monitored_entity.id']).toBe('d1');
    expect(device['extra.monitored_entity.scheme.id']).toBeUndefined();
    expect(scheme['extra.monitored_entity.scheme.id']).toBe('s1');
  });

  it('asks for history beyond the user creation time on request', () => {
    expect(notificationQuery(DEFAULT_FILTERS, NOW, true).historical).toBe('true');
    expect(notificationQuery(DEFAULT_FILTERS, NOW).historical).toBeUndefined();
  });

  it('counts the filters that differ from the defaults', () => {
    expect(changedFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(changedFilterCount(filters({ level: 'warning', period: 'sevenDays' }))).toBe(2);
  });
});
