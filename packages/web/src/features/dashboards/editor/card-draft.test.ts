import type { DashboardCard } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import { cardFromDraft, EMPTY_DRAFT } from './card-draft.ts';

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
});
