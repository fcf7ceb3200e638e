import {
  CARD_PRESETS,
  DEFAULT_CARD_PRESET,
  DEFAULT_CARD_SIZE,
  DEFAULT_RATE_OF_CHANGE_DAYS,
  BUBBLE_HEATMAP_SIZE,
  dashboardCardSchema,
  MAP_ZOOM,
  placeNewCard,
  presetListFor,
  type AggregateInterval,
  type CardPreset,
  type DashboardCard,
  type DashboardCardType,
  type InterpolationMethod,
  type TimePreset,
  MAX_CHART_SERIES,
} from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';
import { newCardId } from '../model/tree-edits.ts';

type CardOf<T extends DashboardCardType> = Extract<DashboardCard, { type: T }>;

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
  /** aggregation table */
  fn: CardOf<'aggregation-table'>['function'];
  interval: AggregateInterval;
  /** heatmap: '' until chosen, which the form requires (requirements#monitoring-validation) */
  method: InterpolationMethod | '';
  display: CardOf<'heatmap'>['display'];
  bubbleSize: number;
  /** rate of change */
  intervalDays: CardOf<'rate-of-change'>['interval_days'];
  resultType: CardOf<'rate-of-change'>['result_type'];
  /** inclinometer profile */
  mode: CardOf<'inclinometer-profile'>['mode'];
  /** mm; '' for none */
  limit: string;
  /** state map */
  displayNames: boolean;
  sectionsLayer: boolean;
  zoom: number;
  /** weather: the units it shows (its place is the project's first) */
  units: CardOf<'weather'>['units'];
  /** cross section: '' until chosen */
  crossSectionId: string;
  sectionView: CardOf<'cross-section'>['view'];
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
  fn: 'avg',
  interval: 'week',
  method: '',
  display: 'interpolated',
  bubbleSize: BUBBLE_HEATMAP_SIZE,
  intervalDays: DEFAULT_RATE_OF_CHANGE_DAYS,
  resultType: 'delta',
  mode: 'cumulative',
  limit: '',
  displayNames: false,
  sectionsLayer: false,
  zoom: MAP_ZOOM.initial,
  units: 'celsius',
  crossSectionId: '',
  sectionView: 'side',
};

/** The period an aggregation table offers after its interval changed: the interval's list default. */
export const periodForInterval = (interval: AggregateInterval): TimePreset => presetListFor(interval).defaultPreset;

/** The card as far as the draft describes it, before validation. */
function candidateOf(draft: CardDraft, cards: readonly DashboardCard[]): Record<string, unknown> | null {
  const size = draft.size === 'default' ? DEFAULT_CARD_SIZE[draft.type] : CARD_PRESETS[draft.size];
  const base = {
    id: newCardId(cards),
    type: draft.type,
    title: draft.title.trim(),
    layout: placeNewCard(
      cards.map((c) => c.layout),
      size,
    ),
  };
  const first = draft.devices[0];
  const entity = first && { id: first.id, entity_type: first.monitored_entity_type };
  const group_id = draft.groupId || null;
  const metric = draft.metric || undefined;
  switch (draft.type) {
    case 'device-state':
      if (draft.targetKind === 'group')
        return draft.groupId ? { ...base, target: { kind: 'group', id: group_id } } : null;
      return entity ? { ...base, target: { kind: 'entity', ...entity } } : null;
    case 'state-summary':
    case 'device-table':
      return { ...base, group_id };
    case 'state-map':
      return {
        ...base,
        group_id,
        display_names: draft.displayNames,
        cross_sections_layer: draft.sectionsLayer,
        zoom: draft.zoom,
      };
    case 'chart':
      return draft.devices.length && metric
        ? {
            ...base,
            period: draft.period,
            series: draft.devices
              .slice(0, MAX_CHART_SERIES)
              .map((d) => ({ entity_id: d.id, entity_type: d.monitored_entity_type, metric })),
          }
        : null;
    case 'gauge':
      return entity && metric ? { ...base, entity, metric } : null;
    case 'aggregation-table':
      return { ...base, group_id, metric, function: draft.fn, interval: draft.interval, period: draft.period };
    case 'heatmap':
      return {
        ...base,
        group_id,
        metric,
        method: draft.method || undefined,
        display: draft.display,
        bubble_size: draft.bubbleSize,
      };
    case 'rate-of-change':
      return { ...base, group_id, metric, interval_days: draft.intervalDays, result_type: draft.resultType };
    case 'inclinometer-profile':
      return entity
        ? { ...base, entity, mode: draft.mode, limit: draft.limit.trim() ? Number(draft.limit) : null }
        : null;
    case 'weather':
      return { ...base, coordinates: null, units: draft.units };
    case 'cross-section':
      return draft.crossSectionId ? { ...base, cross_section_id: draft.crossSectionId, view: draft.sectionView } : null;
    case 'cross-sections-map':
      return base;
  }
}

export interface DraftCheck {
  /** the card to add; null while something is missing or wrong */
  card: DashboardCard | null;
  /** what is wrong, by the card field it concerns (`method`, `metric`, …) */
  errors: Partial<Record<string, string>>;
}

/** The card a draft makes, placed below the page's cards, or what keeps it from being one. */
export function checkDraft(draft: CardDraft, cards: readonly DashboardCard[]): DraftCheck {
  const candidate = candidateOf(draft, cards);
  if (!candidate) return { card: null, errors: {} };
  const parsed = dashboardCardSchema.safeParse(candidate);
  if (parsed.success) return { card: parsed.data, errors: {} };
  const errors: DraftCheck['errors'] = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'card')] ??= issue.message;
  return { card: null, errors };
}

/** The card a complete draft makes, placed below the page's cards; null while something is missing. */
export const cardFromDraft = (draft: CardDraft, cards: readonly DashboardCard[]) => checkDraft(draft, cards).card;
