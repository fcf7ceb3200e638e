import {
  CARD_PRESETS,
  DEFAULT_CARD_PRESET,
  DEFAULT_CARD_SIZE,
  dashboardCardSchema,
  placeNewCard,
  type CardPreset,
  type DashboardCard,
  type DashboardCardType,
  type TimePreset,
} from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';
import { newCardId } from '../model/tree-edits.ts';

/** What the add-card dialog has chosen so far. */
export interface CardDraft {
  type: DashboardCardType;
  title: string;
  size: CardPreset | 'default';
  targetKind: 'entity' | 'group';
  devices: DeviceSummary[];
  /** '' for every device of the project */
  groupId: string;
  metric: string;
  period: TimePreset;
}

export const EMPTY_DRAFT: CardDraft = {
  type: 'device-state',
  title: '',
  size: 'default',
  targetKind: 'entity',
  devices: [],
  groupId: '',
  metric: '',
  period: DEFAULT_CARD_PRESET,
};

/** The card a complete draft makes, placed below the page's cards; null while something is missing. */
export function cardFromDraft(draft: CardDraft, cards: readonly DashboardCard[]): DashboardCard | null {
  const size = draft.size === 'default' ? DEFAULT_CARD_SIZE[draft.type] : CARD_PRESETS[draft.size];
  const base = {
    id: newCardId(cards),
    title: draft.title.trim(),
    layout: placeNewCard(
      cards.map((c) => c.layout),
      size,
    ),
  };
  const first = draft.devices[0];
  const entity = first && { id: first.id, entity_type: first.monitored_entity_type };
  const group = draft.groupId || null;
  const candidate = (() => {
    switch (draft.type) {
      case 'device-state':
        if (draft.targetKind === 'group')
          return group && { ...base, type: draft.type, target: { kind: 'group', id: group } };
        return entity && { ...base, type: draft.type, target: { kind: 'entity', ...entity } };
      case 'state-summary':
      case 'device-table':
        return { ...base, type: draft.type, group_id: group };
      case 'chart':
        return (
          draft.metric &&
          draft.devices.length > 0 && {
            ...base,
            type: draft.type,
            period: draft.period,
            series: draft.devices
              .slice(0, 8)
              .map((d) => ({ entity_id: d.id, entity_type: d.monitored_entity_type, metric: draft.metric })),
          }
        );
      case 'gauge':
        return entity && draft.metric && { ...base, type: draft.type, entity, metric: draft.metric };
    }
  })();
  if (!candidate) return null;
  const parsed = dashboardCardSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
