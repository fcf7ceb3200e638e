import { INTERPOLATION_METHOD_REQUIRED, type DashboardCard } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import { cardFromDraft, checkDraft, EMPTY_DRAFT, periodForInterval } from './card-draft.ts';

const pz = (id: string) => ({ id, title: id, monitored_entity_type: 'instrument' }) as DeviceSummary;
const existing = [
  { id: 'card-1', type: 'state-summary', title: '', group_id: null, layout: { x: 0, y: 0, w: 8, h: 2 } },
] as DashboardCard[];

describe('a new card from the add-card dialog', () => {
  it('needs a device for a device state card and places it below the others with its default size', () => {
    expect(cardFromDraft(EMPTY_DRAFT, existing)).toBeNull();
    expect(cardFromDraft({ ...EMPTY_DRAFT, devices: [pz('a')] }, existing)).toEqual({
      id: 'card-2',
      type: 'device-state',
      title: '',
      target: { kind: 'entity', id: 'a', entity_type: 'instrument' },
      layout: { x: 0, y: 2, w: 4, h: 1 },
    });
  });

  it('needs a section for a cross-section card, shown as its side-section unless the aerial view is chosen', () => {
    const draft = { ...EMPTY_DRAFT, type: 'cross-section' as const };
    expect(cardFromDraft(draft, [])).toBeNull();
    expect(cardFromDraft({ ...draft, crossSectionId: 'cs-1' }, [])).toEqual({
      id: 'card-1',
      type: 'cross-section',
      title: '',
      cross_section_id: 'cs-1',
      view: 'side',
      layout: { x: 0, y: 0, w: 16, h: 3 },
    });
    expect(cardFromDraft({ ...draft, crossSectionId: 'cs-1', sectionView: 'aerial' }, [])).toMatchObject({
      view: 'aerial',
    });
    expect(cardFromDraft({ ...EMPTY_DRAFT, type: 'cross-sections-map' }, [])).toMatchObject({
      type: 'cross-sections-map',
      layout: { x: 0, y: 0, w: 8, h: 4 },
    });
  });

  it('makes a chart of every chosen device over seven days by default, in the chosen preset size', () => {
    const card = cardFromDraft(
      {
        ...EMPTY_DRAFT,
        type: 'chart',
        devices: [pz('a'), pz('b')],
        metric: 'calculated_metrics.piezometric_level',
        size: 'fullWidthTall',
      },
      [],
    );
    expect(card).toMatchObject({
      type: 'chart',
      period: 'sevenDays',
      layout: { x: 0, y: 0, w: 16, h: 4 },
      series: [
        { entity_id: 'a', metric: 'calculated_metrics.piezometric_level', data_point_id: null },
        { entity_id: 'b', metric: 'calculated_metrics.piezometric_level', data_point_id: null },
      ],
    });
    expect(cardFromDraft({ ...EMPTY_DRAFT, type: 'chart', devices: [pz('a')] }, [])).toBeNull();
  });

  it('summarises every device of the project unless a group is chosen', () => {
    expect(cardFromDraft({ ...EMPTY_DRAFT, type: 'state-summary' }, [])).toMatchObject({
      group_id: null,
      layout: { w: 8, h: 1 },
    });
    expect(cardFromDraft({ ...EMPTY_DRAFT, type: 'device-table', groupId: 'g1' }, [])).toMatchObject({
      group_id: 'g1',
      layout: { w: 16, h: 4 },
    });
  });

  it('refuses a heatmap without an interpolation method with the message of requirements#monitoring-validation', () => {
    const draft = { ...EMPTY_DRAFT, type: 'heatmap' as const, metric: 'calculated_metrics.piezometric_level' };
    expect(checkDraft(draft, [])).toEqual({ card: null, errors: { method: INTERPOLATION_METHOD_REQUIRED } });
    expect(INTERPOLATION_METHOD_REQUIRED).toBe('Interpolation method is required');
    expect(cardFromDraft({ ...draft, method: 'nearest' }, [])).toMatchObject({
      type: 'heatmap',
      method: 'nearest',
      display: 'interpolated',
      bubble_size: 8,
      time_interval_oversampling: 3600,
      group_id: null,
    });
  });

  it('makes an aggregation table of weekly averages over the last 7 days unless chosen otherwise', () => {
    const card = cardFromDraft({ ...EMPTY_DRAFT, type: 'aggregation-table', metric: 'raw_metrics.pressure' }, []);
    expect(card).toMatchObject({ function: 'avg', interval: 'week', period: 'sevenDays', layout: { w: 16, h: 4 } });
    expect(periodForInterval('day')).toBe('thisWeek');
    expect(periodForInterval('week')).toBe('thisMonth');
    expect(periodForInterval('month')).toBe('thisYear');
    expect(periodForInterval('hour')).toBe('sevenDays');
  });

  it('measures the rate of change over 7 days as a delta unless chosen otherwise', () => {
    expect(
      cardFromDraft({ ...EMPTY_DRAFT, type: 'rate-of-change', metric: 'calculated_metrics.piezometric_level' }, []),
    ).toMatchObject({ interval_days: 7, result_type: 'delta', group_by: 'monitored_entity' });
    expect(cardFromDraft({ ...EMPTY_DRAFT, type: 'rate-of-change' }, [])).toBeNull();
  });

  it('maps every device at zoom 12 without names or sections unless chosen, a zoom from 4 to 20 (requirements#monitoring-constants)', () => {
    const draft = { ...EMPTY_DRAFT, type: 'state-map' as const };
    expect(cardFromDraft(draft, [])).toEqual({
      id: 'card-1',
      type: 'state-map',
      title: '',
      group_id: null,
      display_names: false,
      cross_sections_layer: false,
      zoom: 12,
      layout: { x: 0, y: 0, w: 8, h: 4 },
    });
    expect(
      cardFromDraft({ ...draft, groupId: 'g1', displayNames: true, sectionsLayer: true, zoom: 20 }, []),
    ).toMatchObject({
      group_id: 'g1',
      display_names: true,
      cross_sections_layer: true,
      zoom: 20,
    });
    expect(cardFromDraft({ ...draft, zoom: 4 }, [])).toMatchObject({ zoom: 4 });
    expect(checkDraft({ ...draft, zoom: 3 }, []).errors).toHaveProperty('zoom');
    expect(checkDraft({ ...draft, zoom: 21 }, []).errors).toHaveProperty('zoom');
    expect(checkDraft({ ...draft, zoom: 12.5 }, []).errors).toHaveProperty('zoom');
  });

  it("shows the weather at the project's first place in °C unless other units are chosen, half width", () => {
    const draft = { ...EMPTY_DRAFT, type: 'weather' as const };
    expect(cardFromDraft(draft, [])).toEqual({
      id: 'card-1',
      type: 'weather',
      title: '',
      coordinates: null,
      units: 'celsius',
      layout: { x: 0, y: 0, w: 8, h: 2 },
    });
    expect(cardFromDraft({ ...draft, units: 'fahrenheit' }, [])).toMatchObject({ units: 'fahrenheit' });
  });

  it('takes an inclinometer profile limit in millimetres, or none', () => {
    const draft = { ...EMPTY_DRAFT, type: 'inclinometer-profile' as const, devices: [pz('ipi')] };
    expect(cardFromDraft(draft, [])).toMatchObject({ entity: { id: 'ipi' }, mode: 'cumulative', limit: null });
    expect(cardFromDraft({ ...draft, limit: '25' }, [])).toMatchObject({ limit: 25 });
    expect(checkDraft({ ...draft, limit: '-3' }, []).errors).toHaveProperty('limit');
  });
});
