import { describe, expect, it } from 'vitest';
import { dueReport, periodAt, previousPeriod, scheduledFiring } from './report-periods.ts';
import { reportScheduleSchema } from './reports.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const span = (p: { from: number; to: number }) => [iso(p.from), iso(p.to)];

describe('report periods', () => {
  it('starts weeks on Monday at local midnight', () => {
    // Wednesday 2026-12-09 in Johannesburg (UTC+2)
    expect(span(periodAt('week', Date.parse('2026-12-09T12:00:00Z'), 'Africa/Johannesburg'))).toEqual([
      '2026-12-06T22:00:00.000Z',
      '2026-12-13T22:00:00.000Z',
    ]);
  });

  it('starts quarters in January, April, July and October, across a change of offset', () => {
    // Santiago leaves summer time (UTC−3) for UTC−4 in April
    expect(span(periodAt('quarter', Date.parse('2026-05-15T00:00:00Z'), 'America/Santiago'))).toEqual([
      '2026-04-01T03:00:00.000Z',
      '2026-07-01T04:00:00.000Z',
    ]);
  });

  it('gives the month before, whose length is the calendar’s', () => {
    expect(span(previousPeriod('month', Date.parse('2026-03-10T00:00:00Z'), 'UTC'))).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
  });
});

describe('report schedules', () => {
  const schedule = reportScheduleSchema.parse({ every: 'month', day: 2, at: '06:30', timezone: 'Asia/Tokyo' });

  it('fire on their day at their time in their zone', () => {
    expect(iso(scheduledFiring(schedule, Date.parse('2026-12-20T00:00:00Z')))).toBe('2026-12-01T21:30:00.000Z');
  });

  it('owe the previous period once the firing has passed, under a key naming that period', () => {
    expect(dueReport(schedule, Date.parse('2026-12-01T21:29:59Z'))).toBeNull();
    const due = dueReport(schedule, Date.parse('2026-12-01T21:30:00Z'))!;
    expect(span(due)).toEqual(['2026-10-31T15:00:00.000Z', '2026-11-30T15:00:00.000Z']);
    expect(due.key).toBe('2026-10-31T15:00:00.000Z');
    expect(dueReport(schedule, Date.parse('2026-12-25T00:00:00Z'))?.key).toBe(due.key);
  });

  it('refuses a week day past 7 and a time that is not HH:MM', () => {
    expect(reportScheduleSchema.safeParse({ every: 'week', day: 8 }).success).toBe(false);
    expect(reportScheduleSchema.safeParse({ every: 'month', at: '6am' }).success).toBe(false);
  });
});
