import { describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../components/charts/profile-model.ts';
import {
  chainProfile,
  datumDay,
  datumTime,
  inclinometerKind,
  nodeSpacing,
  overlayTimes,
  profileExportRecords,
  probeProfile,
  profileValues,
} from './inclinometer-data.ts';

const nodes = [{ id: 'n1' }, { id: 'n2' }, { id: 'n3' }];
const reading = (id: string, a: number, b: number) => ({ data_point_id: id, raw_metrics: { a_axis: a, b_axis: b } });

describe('inclinometer profile data', () => {
  it('puts node i (top first) at i × the node spacing and leaves out a node without both axes', () => {
    const readings = [reading('n3', 0, 0), reading('n1', 9, 3), { data_point_id: 'n2', raw_metrics: { a_axis: 4 } }];
    expect(chainProfile(nodes, readings, 2)).toEqual([
      { depth: 0, a: 9, b: 3 },
      { depth: 4, a: 0, b: 0 },
    ]);
  });

  it('shows the cumulative displacement as reported without a datum', () => {
    const profile = chainProfile(nodes, [reading('n1', 9, 3), reading('n2', 4, 1), reading('n3', 0, 0)], 2);
    expect(profileValues(profile, null, 'cumulative', 'a')).toEqual([
      { depth: 0, value: 9 },
      { depth: 2, value: 4 },
      { depth: 4, value: 0 },
    ]);
    expect(profileValues(profile, null, 'cumulative', 'b').map((p) => p.value)).toEqual([3, 1, 0]);
  });

  it('with a datum, shows each node’s movement since then', () => {
    const now = chainProfile(nodes, [reading('n1', 9, 3), reading('n2', 4, 1), reading('n3', 0.5, 0)], 2);
    const datum = chainProfile(nodes, [reading('n1', 6, 1), reading('n2', 3.5, 1), reading('n3', 0.5, 0)], 2);
    // 9 - 6 = 3, 4 - 3.5 = 0.5, 0.5 - 0.5 = 0; B: 3 - 1 = 2, 1 - 1 = 0
    expect(profileValues(now, datum, 'cumulative', 'a').map((p) => p.value)).toEqual([3, 0.5, 0]);
    expect(profileValues(now, datum, 'cumulative', 'b').map((p) => p.value)).toEqual([2, 0, 0]);
  });

  it('in incremental mode, shows each node less the one below it, and the resultant of both axes', () => {
    const profile = chainProfile(nodes, [reading('n1', 9, 4), reading('n2', 6, 0), reading('n3', 2, 0)], 2);
    // A: 9 - 6 = 3, 6 - 2 = 4, 2 (the deepest keeps its own)
    expect(profileValues(profile, null, 'incremental', 'a').map((p) => p.value)).toEqual([3, 4, 2]);
    // increments (3, 4), (4, 0), (2, 0): resultants 5, 4, 2
    expect(profileValues(profile, null, 'incremental', 'resultant').map((p) => p.value)).toEqual([5, 4, 2]);
    // cumulative (9, 4)… : √(81 + 16)
    expect(profileValues(profile, null, 'cumulative', 'resultant')[0]!.value).toBeCloseTo(Math.sqrt(97), 10);
  });

  it('overlays now and each chosen number of days before it, once each, newest first', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(overlayTimes(now, [30, 0, 7, 7]).map((o) => [o.days, o.at.toISOString()])).toEqual([
      [0, '2026-11-25T12:00:00.000Z'],
      [7, '2026-11-18T12:00:00.000Z'],
      [30, '2026-10-26T12:00:00.000Z'],
    ]);
  });

  it('takes the node spacing from the device, else from its newest reading', () => {
    expect(nodeSpacing({ node_spacing: 2 }, [])).toBe(2);
    expect(nodeSpacing({}, [{ context_metrics: { node_spacing: 1.5 } }])).toBe(1.5);
    expect(nodeSpacing({}, [{ context_metrics: {} }])).toBeNull();
    expect(nodeSpacing({ node_spacing: 0 }, undefined)).toBeNull();
  });

  it('reads a datum day as the end of that day, and shows a stored datum as its day', () => {
    const end = datumTime('2026-11-20')!;
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 10, 20, 23, 59,
    ]);
    expect(datumTime('')).toBeNull();
    expect(datumDay(null)).toBe('');
    expect(datumDay(end.toISOString())).toBe('2026-11-20');
  });

  it('exports a row per depth with a column per profile', () => {
    const profiles: ProfileInput[] = [
      {
        key: 'now',
        label: 'Now',
        points: [
          { depth: 0, value: 3 },
          { depth: 2, value: 1 },
        ],
      },
      { key: 'd7', label: '7 days ago', points: [{ depth: 2, value: 0.5 }] },
    ];
    expect(profileExportRecords(profiles)).toEqual([
      { depth: 0, now: 3, d7: null },
      { depth: 2, now: 1, d7: 0.5 },
    ]);
  });
});

describe('a probe inclinometer’s survey', () => {
  const depths = [{ id: 'd1' }, { id: 'd2' }, { id: 'd3' }];
  const deviation = (id: string, a: number, b: number) => ({
    data_point_id: id,
    raw_metrics: { a_deviation: a, b_deviation: b },
  });

  it('is told from a chain by what its depths report', () => {
    expect(inclinometerKind(['a_axis', 'b_axis'])).toBe('chain');
    expect(inclinometerKind(['a_deviation', 'b_deviation', 'temperature'])).toBe('probe');
    expect(inclinometerKind(['a_deviation'])).toBeNull();
    expect(inclinometerKind(['pressure'])).toBeNull();
  });

  it('sums the deviations from the bottom, fixed in stable ground: the casing’s shape', () => {
    const survey = [deviation('d1', 1, 0.5), deviation('d2', 2, 0), deviation('d3', 4, -1)];
    expect(probeProfile(depths, survey, 0.5)).toEqual([
      { depth: 0, a: 7, b: -0.5 },
      { depth: 0.5, a: 6, b: -1 },
      { depth: 1, a: 4, b: -1 },
    ]);
  });

  it('against a datum survey, shows the casing’s movement since then', () => {
    const datum = probeProfile(depths, [deviation('d1', 1, 0), deviation('d2', 2, 0), deviation('d3', 4, 0)], 0.5);
    // the top interval has tilted 1.5 mm more along A: the top moved 1.5 mm, the rest did not
    const now = probeProfile(depths, [deviation('d1', 2.5, 0), deviation('d2', 2, 0), deviation('d3', 4, 0)], 0.5);
    expect(profileValues(now, datum, 'cumulative', 'a')).toEqual([
      { depth: 0, value: 1.5 },
      { depth: 0.5, value: 0 },
      { depth: 1, value: 0 },
    ]);
  });

  it('reads its reading interval where a chain reads its node spacing', () => {
    expect(nodeSpacing({ reading_interval: 0.5 }, undefined, 'reading_interval')).toBe(0.5);
    expect(nodeSpacing({ node_spacing: 2 }, undefined, 'reading_interval')).toBeNull();
  });
});
